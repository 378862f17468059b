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
import {
  dbBackendCpuMs,
  dbWrites,
  dbWritesDelta,
  redisCalls,
  redisCallsDelta,
  redisCpuSeconds,
} from '../lib/counters.js';
import {
  cpuMs,
  now,
  register,
  removeDir,
  rssKb,
  sleep,
  startServer,
  tempDir,
  type ServerHandle,
} from '../lib/server.js';

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

    await pacedCosts(servers, fake, account.token, scratch.url, redisUrl);
  } finally {
    for (const s of servers) await s.stop();
    await fake.close();
    await scratch.drop();
    for (const d of dirs) removeDir(d);
  }
}

/**
 * The costs a sizing model multiplies: streams paced as a provider sends them (not at full speed,
 * which merges many tokens into each write), held open on both instances for a while, then the
 * instances stopped so PostgreSQL has every backend's counts. Per token: the instances' CPU and
 * Redis's calls; per reply: the database's transactions and rows written. Run it with a Redis of
 * its own: the calls of anything else using that Redis would be counted.
 */
async function pacedCosts(
  servers: ServerHandle[],
  fake: Awaited<ReturnType<typeof startFake>>,
  token: string,
  databaseUrl: string,
  redisUrl: string,
): Promise<void> {
  const streams = knobs.clusterPacedStreams;
  const tps = knobs.clusterPacedTps;
  const reply = markdownReply(knobs.clusterPacedTokens, 5);
  const tokens = countTokens(reply);
  note(
    `cluster: paced costs, ${streams} streams at ${tps} tokens/s, ${tokens}-token replies, ${knobs.clusterPacedSeconds} s`,
  );
  // Backends report their counts when idle for 10 s: let the earlier rounds' reports land first.
  await sleep(11_000);
  const db0 = await dbWrites(databaseUrl);
  const redis0 = await redisCalls(redisUrl);
  const redisCpu0 = await redisCpuSeconds(redisUrl);
  const backendCpu = (pid: number) => {
    try {
      return cpuMs(pid);
    } catch {
      return 0; // the backend ended
    }
  };
  const dbCpu0 = await dbBackendCpuMs(databaseUrl, backendCpu);
  const cpu0 = servers.map((s) => cpuMs(s.pid));
  const rss0 = servers.map((s) => rssKb(s.pid));
  let rssPeak = servers.map(() => 0);
  const deadline = now() + knobs.clusterPacedSeconds * 1000;
  let replies = 0;
  let errors = 0;
  let firstError: string | undefined;
  const sampler = setInterval(() => {
    rssPeak = servers.map((s, i) => Math.max(rssPeak[i]!, rssKb(s.pid)));
  }, 1000);
  await Promise.all(
    Array.from({ length: streams }, async (_, c) => {
      const target = servers[c % servers.length]!;
      // Spread the first asks over a second, as arrivals would be.
      await sleep((c * 1000) / streams);
      while (now() < deadline) {
        await fake.enqueue([{ reply, tokensPerSecond: tps }]);
        const r = await askApp(target.url, token, `paced ${c}`);
        if (r.status === 200 && r.text === reply && r.final) replies++;
        else {
          errors++;
          firstError ??= `${r.status} ${JSON.stringify(r.error ?? r.errorBody ?? null)} ${r.text.length}/${reply.length} chars${r.final ? '' : ', no final'}`;
        }
      }
    }),
  );
  clearInterval(sampler);
  const cpuMsUsed = servers.reduce((n, s, i) => n + cpuMs(s.pid) - cpu0[i]!, 0);
  const redis1 = await redisCalls(redisUrl);
  const redisCpuMs = ((await redisCpuSeconds(redisUrl)) - redisCpu0) * 1000;
  const dbCpuMs = [...(await dbBackendCpuMs(databaseUrl, backendCpu))].reduce(
    (n, [pid, ms]) => n + ms - (dbCpu0.get(pid) ?? 0),
    0,
  );
  for (const s of servers.splice(0)) await s.stop();
  const db = dbWritesDelta(db0, await dbWrites(databaseUrl));
  const calls = redisCallsDelta(redis0, redis1);
  const relayed = replies * tokens;
  const totalCalls = [...calls.values()].reduce((a, b) => a + b, 0);
  const perStream = rssPeak.map((p, i) => (p - rss0[i]!) / (streams / rssPeak.length));
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const compare = {
    streams,
    tokens_per_s_per_stream: tps,
    reply_tokens: tokens,
    replies,
    errors,
    ...(firstError ? { first_error: firstError } : {}),
    relayed_tokens: relayed,
    instances: rssPeak.length,
  };
  emit({
    figure: 'cluster.cost.instance_cpu_us_per_token',
    value: relayed ? round2((cpuMsUsed * 1000) / relayed) : null,
    target: null,
    unit: 'µs',
    compare: { ...compare, instance_cpu_ms: Math.round(cpuMsUsed) },
    note: 'CPU of both instances per relayed token at a provider pace, each reply saved to PostgreSQL and published to Redis',
  });
  emit({
    figure: 'cluster.cost.instance_kib_per_stream',
    value: round2(perStream.reduce((a, b) => a + b, 0) / perStream.length),
    target: null,
    unit: 'KiB',
    compare: { ...compare, rss_before_kib: rss0, rss_peak_kib: rssPeak },
    note: 'peak RSS over idle RSS per open stream, averaged over the instances (the concurrency scenario measures this at 1,000 streams on one)',
  });
  emit({
    figure: 'cluster.cost.db_commits_per_reply',
    value: replies ? round2(db.commits / replies) : null,
    target: null,
    unit: 'transactions',
    compare: { ...compare, commits: db.commits },
    note: 'PostgreSQL transactions committed per reply (the sign-in and the ask gates included), from pg_stat_database',
  });
  emit({
    figure: 'cluster.cost.db_rows_written_per_reply',
    value: replies ? round2((db.inserted + db.updated + db.deleted) / replies) : null,
    target: null,
    unit: 'rows',
    compare: { ...compare, ...db },
    note: 'rows inserted, updated and deleted per reply (index entries not counted), from pg_stat_database',
  });
  emit({
    figure: 'cluster.cost.db_cpu_us_per_token',
    value: relayed ? round2((dbCpuMs * 1000) / relayed) : null,
    target: null,
    unit: 'µs',
    compare: {
      ...compare,
      db_backend_cpu_ms: Math.round(dbCpuMs),
      db_cpu_ms_per_reply: replies ? round2(dbCpuMs / replies) : null,
    },
    note: "CPU of the PostgreSQL backends serving the instances per relayed token (the database's own background writers not counted)",
  });
  emit({
    figure: 'cluster.cost.redis_cpu_us_per_token',
    value: relayed ? round2((redisCpuMs * 1000) / relayed) : null,
    target: null,
    unit: 'µs',
    compare: { ...compare, redis_cpu_ms: Math.round(redisCpuMs) },
    note: "Redis's CPU (user + system, INFO cpu) per relayed token: Redis runs commands on one thread, so 1 s ÷ this is one Redis's token rate",
  });
  emit({
    figure: 'cluster.cost.redis_calls_per_token',
    value: relayed ? round2(totalCalls / relayed) : null,
    target: null,
    unit: 'calls',
    compare: {
      ...compare,
      calls_per_reply: replies ? round2(totalCalls / replies) : null,
      by_command: Object.fromEntries([...calls].sort((a, b) => b[1] - a[1])),
    },
    note: "Redis command calls (a script's own calls included) per relayed token at a provider pace",
  });
}
