/** Size knobs, from the environment; the defaults are the full sizes of the targets. */

function int(name: string, def: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got ${v}`);
  return Math.floor(n);
}

function ints(name: string, def: number[]): number[] {
  const v = process.env[name];
  if (v === undefined || v === '') return def;
  return v.split(',').map((s) => {
    const n = Number(s.trim().replace(/_/g, ''));
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be numbers, got ${v}`);
    return Math.floor(n);
  });
}

export const knobs = {
  /** prompt: messages of the saved conversation a prompt is built from, and timed builds. */
  promptMessages: int('BENCH_PROMPT_MESSAGES', 5000),
  promptRounds: int('BENCH_PROMPT_ROUNDS', 100),
  /** relay: tokens of the full-speed reply measured for throughput, and how many rounds. */
  relayTokens: int('BENCH_RELAY_TOKENS', 20_000),
  relayRounds: int('BENCH_RELAY_ROUNDS', 5),
  /** token-cost: tokens of the reply streamed in process, and rounds per route. */
  costTokens: int('BENCH_COST_TOKENS', 20_000),
  costRounds: int('BENCH_COST_ROUNDS', 5),
  /** relay: time-to-first-token samples per path. */
  ttftSamples: int('BENCH_TTFT_SAMPLES', 40),
  /** concurrency: stream counts, tokens per stream and their rate. */
  streams: ints('BENCH_STREAMS', [1000, 2000]),
  streamTokens: int('BENCH_STREAM_TOKENS', 2500),
  streamTps: int('BENCH_STREAM_TPS', 50),
  /** concurrency: the wide runs (many streams read as they come), their tokens and rate. */
  wideStreams: ints('BENCH_WIDE_STREAMS', [5000]),
  wideStreamTokens: int('BENCH_WIDE_STREAM_TOKENS', 300),
  wideStreamTps: int('BENCH_WIDE_STREAM_TPS', 10),
  /** concurrency: stores to run on; "postgres" (needs BENCH_DATABASE_URL) is a comparison. */
  concurrencyStores: (process.env.BENCH_CONCURRENCY_STORES || 'pglite').split(',').map((s) => s.trim()),
  /** wire: tokens of the reply, and the slow rate reported beside full speed. */
  wireTokens: int('BENCH_WIRE_TOKENS', 1000),
  wireSlowTps: int('BENCH_WIRE_SLOW_TPS', 50),
  /** big-convos: the conversation's size, how many open it at once, the other stream's rate. */
  bigConvoMessages: int('BENCH_BIG_CONVO_MESSAGES', 5000),
  bigConvoOpens: int('BENCH_BIG_CONVO_OPENS', 10),
  bigConvoTps: int('BENCH_BIG_CONVO_TPS', 20),
  /** import: conversations in the generated ChatGPT export. */
  importConversations: int('BENCH_IMPORT_CONVERSATIONS', 10_000),
  /** import-latency: the size of the export imported while other users list their conversations. */
  importLatencyMb: int('BENCH_IMPORT_LATENCY_MB', 40),
  /** api: the data set of one user. */
  conversations: int('BENCH_CONVERSATIONS', 10_000),
  messages: int('BENCH_MESSAGES', 1_000_000),
  /** The long conversations: the first is the one /api/messages is measured on. */
  longConvos: ints('BENCH_LONG_CONVOS', [2000, 5000]),
  apiSamples: int('BENCH_API_SAMPLES', 200),
  /** client: the stream rate and length of the long Markdown reply, idle window. */
  clientStreamTps: int('BENCH_CLIENT_TPS', 100),
  clientStreamTokens: int('BENCH_CLIENT_TOKENS', 2000),
  idleSeconds: int('BENCH_IDLE_SECONDS', 5),
  /** client: how many times the first long conversation is opened (the figure is the median). */
  openSamples: int('BENCH_OPEN_SAMPLES', 5),
  /** client: fresh sessions whose first reply is timed (the first is the server's first reply). */
  firstReplySamples: int('BENCH_FIRST_REPLY_SAMPLES', 3),
  /** client: BENCH_OPEN_TIMELINE=1 notes each visit's requests and long tasks (for finding time). */
  openTimeline: process.env.BENCH_OPEN_TIMELINE === '1',
  /** lighthouse: runs per page (the figure is the median). */
  lighthouseRuns: int('BENCH_LIGHTHOUSE_RUNS', 3),
  /** startup: runs per case. */
  startupRuns: int('BENCH_STARTUP_RUNS', 5),
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  /** cluster: closed-loop clients, reply length, seconds per round, rounds per topology. */
  clusterClients: int('BENCH_CLUSTER_CLIENTS', 16),
  clusterReplyTokens: int('BENCH_CLUSTER_TOKENS', 500),
  clusterSeconds: int('BENCH_CLUSTER_SECONDS', 8),
  clusterRounds: int('BENCH_CLUSTER_ROUNDS', 3),
  /**
   * cluster's paced rounds, the per-token and per-reply costs a sizing model needs: streams open at
   * once on the two instances, tokens per reply (one round per length: two lengths tell a reply's
   * own cost from its tokens'), tokens/s per stream, seconds of load a round.
   */
  clusterPacedStreams: int('BENCH_CLUSTER_PACED_STREAMS', 200),
  clusterPacedTokens: ints('BENCH_CLUSTER_PACED_TOKENS', [250, 1000]),
  clusterPacedTps: int('BENCH_CLUSTER_PACED_TPS', 50),
  clusterPacedSeconds: int('BENCH_CLUSTER_PACED_SECONDS', 20),
};
