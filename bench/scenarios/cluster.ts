/**
 * Two instances against one: the same closed-loop load (BENCH_CLUSTER_CLIENTS clients,
 * each asking again as soon as its reply ends, for BENCH_CLUSTER_SECONDS) on one instance, then on
 * two sharing PostgreSQL and Redis, the clients split between them as a balancer would, in
 * alternating rounds so both see the same machine. Figure: relayed tokens per second of the two
 * over the one. Needs BENCH_DATABASE_URL and BENCH_REDIS_URL; every process (the fake upstream,
 * the instances, PostgreSQL, Redis and this client) shares this machine's cores, which bounds
 * what a second instance can add here.
 */
import { randomBytes } from 'node:crypto';
import { askApp, countTokens } from '../lib/ask.js';
import { startFake } from '../lib/fake.js';
import { emit, median, note } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markdownReply } from '../lib/replies.js';
import { scratchDatabase } from '../lib/seed.js';
import { cpuMs, now, register, removeDir, startServer, tempDir, type ServerHandle } from '../lib/server.js';

export async function cluster(): Promise<void> {
  const redisUrl = process.env.BENCH_REDIS_URL;
  if (!knobs.databaseUrl || !redisUrl) {
    note('cluster: skipped (set BENCH_DATABASE_URL and BENCH_REDIS_URL)');
    emit({
      figure: 'cluster.two_vs_one_tokens_per_s_ratio',
      value: null,
      target: null,
      unit: 'ratio',
      note: 'not measured: needs BENCH_DATABASE_URL and BENCH_REDIS_URL',
    });
    return;
  }
  const fake = await startFake();
  const scratch = await scratchDatabase(knobs.databaseUrl);
  const dirs = [tempDir('cluster-a'), tempDir('cluster-b')];
  const servers: ServerHandle[] = [];
  try {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      CREDS_KEY: randomBytes(32).toString('hex'),
      CREDS_IV: randomBytes(16).toString('hex'),
    };
    // One after the other: the first migrates the database.
    for (const dataDir of dirs) {
      servers.push(await startServer({ fakeUrl: fake.url, dataDir, databaseUrl: scratch.url, env }));
    }
    const [a, b] = servers as [ServerHandle, ServerHandle];
    const account = await register(a.url, 'cluster');
    const reply = markdownReply(knobs.clusterReplyTokens, 5);
    const tokens = countTokens(reply);
    const clients = knobs.clusterClients;
    const seconds = knobs.clusterSeconds;

    /** Closed loop for `seconds`: answers relayed tokens per second and asks per second. */
    const load = async (targets: ServerHandle[]) => {
      const deadline = now() + seconds * 1000;
      let replies = 0;
      let errors = 0;
      const cpu0 = targets.map((t) => cpuMs(t.pid));
      const t0 = now();
      await Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          const target = targets[c % targets.length]!;
          while (now() < deadline) {
            await fake.enqueue([{ reply, tokensPerSecond: 0 }]);
            const r = await askApp(target.url, account.token, `cluster ${c}`);
            if (r.status === 200 && r.text === reply && r.final) replies++;
            else errors++;
          }
        }),
      );
      const s = (now() - t0) / 1000;
      const cpu = targets.map((t, i) => (cpuMs(t.pid) - cpu0[i]!) / 1000 / s);
      return { tokensPerS: (replies * tokens) / s, asksPerS: replies / s, errors, cpuCores: cpu };
    };

    note(`cluster: ${clients} clients, ${tokens}-token replies at full speed, ${seconds} s a round`);
    await load([a]); // warm-up: JIT, pools
    await load([a, b]);
    const one: Awaited<ReturnType<typeof load>>[] = [];
    const two: Awaited<ReturnType<typeof load>>[] = [];
    for (let r = 0; r < knobs.clusterRounds; r++) {
      one.push(await load([a]));
      two.push(await load([a, b]));
    }
    const oneRate = median(one.map((x) => x.tokensPerS));
    const twoRate = median(two.map((x) => x.tokensPerS));
    const round = (x: number) => Math.round(x);
    emit({
      figure: 'cluster.two_vs_one_tokens_per_s_ratio',
      value: Math.round((twoRate / oneRate) * 100) / 100,
      target: null,
      unit: 'ratio',
      compare: {
        one_tokens_per_s: round(oneRate),
        two_tokens_per_s: round(twoRate),
        one_runs: one.map((x) => round(x.tokensPerS)),
        two_runs: two.map((x) => round(x.tokensPerS)),
        one_asks_per_s: median(one.map((x) => x.asksPerS)),
        two_asks_per_s: median(two.map((x) => x.asksPerS)),
        one_instance_cpu_cores: one.map((x) => x.cpuCores.map((c) => Math.round(c * 100) / 100)),
        two_instances_cpu_cores: two.map((x) => x.cpuCores.map((c) => Math.round(c * 100) / 100)),
        errors: [...one, ...two].reduce((n, x) => n + x.errors, 0),
        clients,
        reply_tokens: tokens,
      },
      note: 'relayed tokens/s of two instances (PostgreSQL + Redis, clients split between them) over one, same run, alternating rounds; one machine runs everything',
    });
  } finally {
    for (const s of servers) await s.stop();
    await fake.close();
    await scratch.drop();
    for (const d of dirs) removeDir(d);
  }
}
