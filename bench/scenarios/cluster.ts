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

interface PacedRound {
  replyTokens: number;
  replies: number;
  errors: number;
  firstError?: string;
  tokens: number;
  instanceCpuMs: number;
  dbCpuMs: number;
  redisCpuMs: number;
  redisCalls: number;
  byCommand: Record<string, number>;
  commits: number;
  rowsWritten: number;
  rssBeforeKib: number[];
  rssPeakKib: number[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Splits what rounds of different reply lengths cost into a cost per reply and a cost per token
 * (least squares of cost = replies × a + tokens × b over the rounds).
 */
function split(
  rounds: PacedRound[],
  cost: (r: PacedRound) => number,
): { perReply: number; perToken: number } {
  let rr = 0;
  let rt = 0;
  let tt = 0;
  let rc = 0;
  let tc = 0;
  for (const r of rounds) {
    rr += r.replies * r.replies;
    rt += r.replies * r.tokens;
    tt += r.tokens * r.tokens;
    rc += r.replies * cost(r);
    tc += r.tokens * cost(r);
  }
  const det = rr * tt - rt * rt;
  if (rounds.length < 2 || det === 0) {
    const all = rounds.reduce((n, r) => n + r.tokens, 0);
    return { perReply: 0, perToken: all ? rounds.reduce((n, r) => n + cost(r), 0) / all : 0 };
  }
  return { perReply: (rc * tt - tc * rt) / det, perToken: (rr * tc - rt * rc) / det };
}

/**
 * The costs a sizing model multiplies: streams paced as a provider sends them (not at full speed,
 * which merges many tokens into each write), held open on both instances, in one round per reply
 * length, each cost split into a reply's own (the ask's checks and records, the title, the save)
 * and a token's (relaying, publishing, the flushes). Per reply also: the database's transactions
 * and rows written. Run it with a Redis of its own: the calls of anything else using that Redis
 * would be counted.
 */
async function pacedCosts(
  servers: ServerHandle[],
  fake: Awaited<ReturnType<typeof startFake>>,
  token: string,
  databaseUrl: string,
  redisUrl: string,
): Promise<void> {
  const rounds: PacedRound[] = [];
  for (const length of knobs.clusterPacedTokens) {
    rounds.push(await pacedRound(servers, fake, token, databaseUrl, redisUrl, length));
  }
  const runs = rounds.map((r) => ({
    reply_tokens: r.replyTokens,
    replies: r.replies,
    errors: r.errors,
    ...(r.firstError ? { first_error: r.firstError } : {}),
    instance_cpu_ms: Math.round(r.instanceCpuMs),
    db_backend_cpu_ms: Math.round(r.dbCpuMs),
    redis_cpu_ms: Math.round(r.redisCpuMs),
    redis_calls: r.redisCalls,
    commits: r.commits,
    rows_written: r.rowsWritten,
  }));
  const compare = {
    streams: knobs.clusterPacedStreams,
    tokens_per_s_per_stream: knobs.clusterPacedTps,
    instances: servers.length,
    runs,
  };
  const replies = rounds.reduce((n, r) => n + r.replies, 0);
  const costFigures: [string, (r: PacedRound) => number, string][] = [
    ['instance_cpu', (r) => r.instanceCpuMs * 1000, 'CPU of both instances'],
    [
      'db_cpu',
      (r) => r.dbCpuMs * 1000,
      "CPU of the PostgreSQL backends serving the instances (the database's background writers not counted)",
    ],
    [
      'redis_cpu',
      (r) => r.redisCpuMs * 1000,
      "Redis's CPU (user + system, INFO cpu); Redis runs commands on one thread",
    ],
  ];
  for (const [name, cost, what] of costFigures) {
    const { perReply, perToken } = split(rounds, cost);
    emit({
      figure: `cluster.cost.${name}_us_per_token`,
      value: round2(perToken),
      target: null,
      unit: 'µs',
      compare: { ...compare, per_reply_ms: round2(perReply / 1000) },
      note: `${what} per relayed token at a provider's pace; per_reply_ms is a reply's own cost beside it (the rounds' lengths split the two)`,
    });
  }
  const calls = split(rounds, (r) => r.redisCalls);
  emit({
    figure: 'cluster.cost.redis_calls_per_token',
    value: round2(calls.perToken),
    target: null,
    unit: 'calls',
    compare: { ...compare, per_reply: round2(calls.perReply), by_command: rounds.at(-1)?.byCommand },
    note: "Redis command calls (a script's own calls included) per relayed token at a provider's pace; per_reply beside it",
  });
  const longest = rounds.at(-1)!;
  const perStream = longest.rssPeakKib.map(
    (p, i) => (p - longest.rssBeforeKib[i]!) / (knobs.clusterPacedStreams / longest.rssPeakKib.length),
  );
  emit({
    figure: 'cluster.cost.instance_kib_per_stream',
    value: round2(perStream.reduce((a, b) => a + b, 0) / perStream.length),
    target: null,
    unit: 'KiB',
    compare: { ...compare, rss_before_kib: longest.rssBeforeKib, rss_peak_kib: longest.rssPeakKib },
    note: 'peak RSS over the RSS before the longest round, per open stream, averaged over the instances (the concurrency scenario measures this at 1,000 streams on one)',
  });
  emit({
    figure: 'cluster.cost.db_commits_per_reply',
    value: replies ? round2(rounds.reduce((n, r) => n + r.commits, 0) / replies) : null,
    target: null,
    unit: 'transactions',
    compare,
    note: 'PostgreSQL transactions committed per reply (the ask gates included), from pg_stat_database',
  });
  emit({
    figure: 'cluster.cost.db_rows_written_per_reply',
    value: replies ? round2(rounds.reduce((n, r) => n + r.rowsWritten, 0) / replies) : null,
    target: null,
    unit: 'rows',
    compare,
    note: 'rows inserted, updated and deleted per reply (index entries not counted), from pg_stat_database',
  });
}

/** One paced round of `length`-token replies; the database's counts read once its backends reported. */
async function pacedRound(
  servers: ServerHandle[],
  fake: Awaited<ReturnType<typeof startFake>>,
  token: string,
  databaseUrl: string,
  redisUrl: string,
  length: number,
): Promise<PacedRound> {
  const streams = knobs.clusterPacedStreams;
  const tps = knobs.clusterPacedTps;
  const reply = markdownReply(length, 5);
  const replyTokens = countTokens(reply);
  note(
    `cluster: paced round, ${streams} streams at ${tps} tokens/s, ${replyTokens}-token replies, ${knobs.clusterPacedSeconds} s`,
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
  const rssBeforeKib = servers.map((s) => rssKb(s.pid));
  let rssPeakKib = servers.map(() => 0);
  // Replies started before the deadline run to their end: a round lasts about seconds + a reply.
  const deadline = now() + knobs.clusterPacedSeconds * 1000;
  let replies = 0;
  let errors = 0;
  let firstError: string | undefined;
  const sampler = setInterval(() => {
    rssPeakKib = servers.map((s, i) => Math.max(rssPeakKib[i]!, rssKb(s.pid)));
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
  const instanceCpuMs = servers.reduce((n, s, i) => n + cpuMs(s.pid) - cpu0[i]!, 0);
  const calls = redisCallsDelta(redis0, await redisCalls(redisUrl));
  const redisCpuMs = ((await redisCpuSeconds(redisUrl)) - redisCpu0) * 1000;
  const dbCpuMs = [...(await dbBackendCpuMs(databaseUrl, backendCpu))].reduce(
    (n, [pid, ms]) => n + ms - (dbCpu0.get(pid) ?? 0),
    0,
  );
  await sleep(11_000);
  const db = dbWritesDelta(db0, await dbWrites(databaseUrl));
  return {
    replyTokens,
    replies,
    errors,
    ...(firstError ? { firstError } : {}),
    tokens: replies * replyTokens,
    instanceCpuMs,
    dbCpuMs,
    redisCpuMs,
    redisCalls: [...calls.values()].reduce((a, b) => a + b, 0),
    byCommand: Object.fromEntries([...calls].sort((a, b) => b[1] - a[1])),
    commits: db.commits,
    rowsWritten: db.inserted + db.updated + db.deleted,
    rssBeforeKib,
    rssPeakKib,
  };
}
