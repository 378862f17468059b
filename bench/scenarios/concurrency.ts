/**
 * Concurrency: N simultaneous streaming replies at R tokens/s each, one new conversation per
 * stream, all from one client process against one server process. Every token of every reply
 * names its stream and index ("c<k>.<i>"); the fake (its own process) timestamps each token as
 * it writes it and the client timestamps each delta event as it arrives, on the machine-wide
 * monotonic clock, which gives the upstream-chunk-to-client latency of every token. Server
 * memory is read from /proc before the streams and while all of them are open; every reply is
 * then read back through the API to prove it was saved whole.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { askApp, type AskOutcome } from '../lib/ask.js';
import { emit, note, percentile, summary } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markerReply } from '../lib/replies.js';
import { scratchDatabase } from '../lib/seed.js';
import { api, cpuMs, now, removeDir, rssKb, sleep, startServer, tempDir } from '../lib/server.js';
import { startStack } from '../lib/stack.js';

const MARKER = /c(\d+)\.(\d+)/g;

/** One run: how many streams, how long and fast each is, and what its figures must meet. */
interface Level {
  n: number;
  tokens: number;
  tps: number;
  /** Per open stream, while all are open (KiB). */
  memoryKb: string | null;
  /** The server's CPU (all of it: sockets, saves, per-reply work) per token relayed (µs). */
  cpuUs: string | null;
  /** The largest RSS while they stream (MiB). */
  rssMb: string | null;
}

/**
 * The levels: the usual ones (1,000 and 2,000 streams of 50 tokens/s), then many slower ones
 * (5,000 of 10 tokens/s), as a chat server's load mostly is: people reading as the reply comes.
 */
function levels(): Level[] {
  const usual = knobs.streams.map((n) => ({
    n,
    tokens: knobs.streamTokens,
    tps: knobs.streamTps,
    memoryKb: n <= 1000 ? '<=50' : '<=100',
    cpuUs: n <= 1000 ? '<=10' : null,
    rssMb: null,
  }));
  const wide = knobs.wideStreams.map((n) => ({
    n,
    tokens: knobs.wideStreamTokens,
    tps: knobs.wideStreamTps,
    memoryKb: null,
    cpuUs: null,
    rssMb: '<=1024',
  }));
  return [...usual, ...wide];
}

export async function concurrency(): Promise<void> {
  for (const store of knobs.concurrencyStores) {
    if (store === 'postgres' && !knobs.databaseUrl) {
      note('concurrency on postgres skipped: BENCH_DATABASE_URL is not set');
      continue;
    }
    for (const level of levels()) await runStreams(level, store === 'postgres');
  }
}

async function runStreams(level: Level, onPostgres: boolean): Promise<void> {
  const { n, tokens, tps } = level;
  // Memory is read against a baseline, so the store is created by an earlier start: a first start
  // on an empty DATA_DIR leaves the embedded database's set-up memory to be released later.
  const dataDir = tempDir('concurrency');
  const scratch = onPostgres ? await scratchDatabase(knobs.databaseUrl!) : undefined;
  const store = { dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) };
  await (await startServer({ fakeUrl: 'http://127.0.0.1:9/v1', ...store })).stop();
  const stack = await startStack(store);
  const { fake, server, account } = stack;
  const label = onPostgres ? `concurrency.postgres.${n}` : `concurrency.${n}`;
  try {
    // Warm-up: a few short replies so lazy code paths and the upstream connection pool are ready.
    await fake.enqueue(Array.from({ length: 5 }, (_, k) => ({ reply: markerReply(900_000 + k, 50) })));
    await Promise.all(Array.from({ length: 5 }, () => askApp(server.url, account.token, 'warm-up')));
    // The server gives start-up's free memory back 2 s after ready (platform/runtime/malloc-trim):
    // the baseline is read after that, or the figure would depend on which came first.
    await sleep(3000);
    const rssBefore = rssKb(server.pid);
    const cpuBefore = cpuMs(server.pid);

    const expected = (k: number) => markerReply(k, tokens);
    await fake.enqueue(Array.from({ length: n }, (_, k) => ({ reply: expected(k), tokensPerSecond: tps })));
    await fake.record(true);
    note(
      `${label}: ${n} streams x ${tokens} tokens at ${tps} tokens/s (${(tokens / tps).toFixed(0)} s each)`,
    );

    // Client-side bookkeeping per stream: which marker stream it carries, tokens seen.
    const recvAt: Float64Array[] = Array.from({ length: n }, () => new Float64Array(tokens).fill(NaN));
    const streamOf = new Int32Array(n).fill(-1);
    let open = 0;
    let maxOpen = 0;
    let finished = 0;
    let peakRss = rssBefore;
    let plateauRss = 0;
    let plateauSamples = 0;
    /** Every RSS sample (KiB) taken while all N were open: the figure uses the largest. */
    const plateau: number[] = [];
    /** The sample taken while the most streams were open: [open streams, RSS]. */
    let busiest: [number, number] = [0, rssBefore];
    let allOpenAt = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();

    const sampler = setInterval(() => {
      try {
        const rss = rssKb(server.pid);
        peakRss = Math.max(peakRss, rss);
        if (open > busiest[0] || (open === busiest[0] && rss > busiest[1])) busiest = [open, rss];
        if (open === n) {
          plateauRss = Math.max(plateauRss, rss);
          plateauSamples++;
          plateau.push(rss);
        }
      } catch {
        // server gone; reported as errors below
      }
    }, 100);

    const t0 = now();
    const outcomes: (AskOutcome | Error)[] = await Promise.all(
      Array.from({ length: n }, (_, s) => {
        let opened = false;
        return askApp(server.url, account.token, `stream ${s}`, (text, at) => {
          if (!opened) {
            opened = true;
            open++;
            maxOpen = Math.max(maxOpen, open);
            if (open === n) allOpenAt = now();
          }
          const recv = recvAt[s]!;
          for (const m of text.matchAll(MARKER)) {
            if (streamOf[s] === -1) streamOf[s] = Number(m[1]);
            const i = Number(m[2]);
            if (i < tokens) recv[i] = at;
          }
        })
          .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))
          .finally(() => {
            if (opened) open--;
            finished++;
          });
      }),
    );
    const wall = now() - t0;
    clearInterval(sampler);
    loopDelay.disable();
    const cpuUsed = cpuMs(server.pid) - cpuBefore;
    const sendTimes = await fake.collect();
    await fake.record(false);

    // Errors: failed requests, streams without a final event, or text that is not the reply.
    let errors = 0;
    const errorKinds: Record<string, number> = {};
    const bump = (kind: string) => {
      errors++;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    };
    const convoOf: { conversationId: string; k: number; replyId: string }[] = [];
    outcomes.forEach((o, s) => {
      if (o instanceof Error) return bump(`request: ${o.message}`);
      if (o.status !== 200) return bump(`status ${o.status}`);
      if (o.error) return bump(`error event: ${String(o.error.code)}: ${errorText(o.error)}`);
      if (!o.final) return bump('no final event');
      const k = streamOf[s]!;
      if (k < 0 || o.text !== expected(k)) return bump('text differs from the reply');
      const conv = (o.final.conversation as { conversationId: string }).conversationId;
      const reply = (o.final.responseMessage as { messageId: string }).messageId;
      convoOf.push({ conversationId: conv, k, replyId: reply });
    });

    // Every reply saved: read each conversation back.
    let unsaved = 0;
    for (let i = 0; i < convoOf.length; i += 20) {
      await Promise.all(
        convoOf.slice(i, i + 20).map(async ({ conversationId, k, replyId }) => {
          const r = await api<{ messageId: string; text: string; unfinished: boolean }[]>(
            server.url,
            'GET',
            `/api/messages/${conversationId}`,
            { token: account.token },
          );
          const saved = r.status === 200 ? r.body.find((m) => m.messageId === replyId) : undefined;
          if (!saved || saved.unfinished || saved.text !== expected(k)) unsaved++;
        }),
      );
    }
    if (unsaved > 0) {
      errors += unsaved;
      errorKinds['reply not saved whole'] = unsaved;
    }

    // Latency of every token: arrival of the event carrying it minus when the fake wrote it.
    const lat: number[] = [];
    let unmatched = 0;
    recvAt.forEach((recv, s) => {
      const sent = sendTimes.get(streamOf[s]!);
      for (let i = 0; i < recv.length; i++) {
        const at = recv[i]!;
        if (Number.isNaN(at)) continue;
        const t = sent?.[i];
        if (t === undefined || Number.isNaN(t)) unmatched++;
        else lat.push(at - t);
      }
    });
    const latSummary = summary(lat);
    // Per open stream: with all N open, the largest RSS seen then; if they never were all open at
    // once (the server could not start them as fast as they finish), the sample with the most open.
    const perStream =
      plateauSamples > 0
        ? (plateauRss - rssBefore) / n
        : busiest[0] > 0
          ? (busiest[1] - rssBefore) / busiest[0]
          : null;
    const common = {
      streams: n,
      tokens_per_stream: tokens,
      tokens_per_s_each: tps,
      wall_s: wall / 1000,
      all_open_after_s: allOpenAt ? (allOpenAt - t0) / 1000 : null,
      server_cpu_percent: (100 * cpuUsed) / wall,
      server_cpu_us_per_token: (1000 * cpuUsed) / Math.max(1, lat.length),
      client_loop_delay_p99_ms: loopDelay.percentile(99) / 1e6,
      // How many delta events carried a reply's tokens (the hub merges those within a frame).
      delta_events_per_reply: deltaEventsPerReply(outcomes),
    };

    emit({
      figure: `${label}.errors`,
      value: errors,
      target: '<=0',
      unit: 'count',
      compare: { ...common, completed_and_saved: convoOf.length - unsaved, kinds: errorKinds },
    });
    emit({
      figure: `${label}.chunk_to_client_p99_ms`,
      value: latSummary.p99,
      target: '<=25',
      unit: 'ms',
      compare: {
        ...common,
        latency_ms: latSummary,
        p999: percentile(lat, 99.9),
        unmatched_tokens: unmatched,
      },
    });
    emit({
      figure: `${label}.server_cpu_us_per_token`,
      value: common.server_cpu_us_per_token,
      target: level.cpuUs ?? 'report',
      unit: 'µs',
      compare: common,
      note: "the server process's CPU time over the run divided by the tokens that reached the client",
    });
    emit({
      figure: `${label}.rss_peak_mb`,
      value: peakRss / 1024,
      target: level.rssMb ?? 'report',
      unit: 'MiB',
      compare: { ...common, rss_before_mb: rssBefore / 1024 },
    });
    emit({
      figure: `${label}.memory_per_stream_kb`,
      value: perStream,
      target: level.memoryKb ?? 'report',
      unit: 'KiB',
      compare: {
        ...common,
        rss_before_mb: rssBefore / 1024,
        rss_all_open_mb: plateauRss / 1024,
        // The plateau's median sample as well: less moved by one collection's timing than the
        // largest, for comparing builds (the figure stays the largest: what the machine must have).
        rss_all_open_median_mb: plateau.length > 0 ? percentile(plateau, 50) / 1024 : null,
        per_stream_at_median_kb: plateau.length > 0 ? (percentile(plateau, 50) - rssBefore) / n : null,
        rss_peak_mb: peakRss / 1024,
        plateau_samples: plateauSamples,
        max_open: maxOpen,
        busiest_sample: { open: busiest[0], rss_mb: busiest[1] / 1024 },
      },
      ...(plateauSamples > 0
        ? {}
        : {
            note: `never all ${n} open at once (most: ${maxOpen}); growth divided by the streams open then`,
          }),
    });
    note(`${label}: done in ${(wall / 1000).toFixed(1)} s, ${finished} finished`);
  } finally {
    await stack.close();
    removeDir(dataDir);
    await scratch?.drop();
  }
}

/** The mean count of delta events per answered reply. */
function deltaEventsPerReply(outcomes: (AskOutcome | Error)[]): number | null {
  const answered = outcomes.filter((o): o is AskOutcome => !(o instanceof Error) && o.status === 200);
  if (answered.length === 0) return null;
  return Math.round(answered.reduce((sum, o) => sum + o.deltaEvents, 0) / answered.length);
}

/** The message an error event carried, shortened for the kinds. */
function errorText(event: Record<string, unknown>): string {
  return typeof event.message === 'string' ? event.message.slice(0, 120) : '';
}
