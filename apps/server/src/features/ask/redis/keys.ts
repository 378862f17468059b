/** The Redis keys of one conversation's running reply (REDIS_KEY_PREFIX is put before each by the client). */
export const replyKeys = (key: string) => ({
  /** Hash: owner (instance id), claim (this reply's token), userId, start (the resumed snapshot's messages, JSON). */
  reply: `ask:reply:${key}`,
  /** The claim token of a reply the lease reaper saved as lost (its instance, if alive, stops it). */
  lost: `ask:reply:${key}:lost`,
  /** The reply's text as published so far (the prefix, then each delta appended). */
  text: `ask:reply:${key}:text`,
  /**
   * Stream: one entry per published event (i: SSE id; t: a delta's text, d: an event's JSON; e: the
   * end, l: the last SSE id before it), and a sync entry (i: the last SSE id, y: the whole text then) where the instance running
   * the reply wrote it again after Redis lost some of it (restarted empty, commands failed).
   */
  events: `ask:reply:${key}:events`,
});

/** Sorted set: conversation id → when its lease ends (ms, Redis's clock). */
export const LEASES = 'ask:leases';

/** Pub/sub: abort requests, and the answers of the instance that ran the reply. */
export const ABORT_CHANNEL = 'ask:abort';
export const ABORT_RESULT_CHANNEL = 'ask:abort-result';

export const REPLY_TIMINGS = {
  /** A lease not renewed for this long means its instance is gone. */
  leaseMs: 5000,
  /** How often a generating instance renews its leases. */
  renewMs: 1500,
  /** How often each instance looks for expired leases. */
  reapMs: 1000,
  /** How long a reply's events and text stay after it ended (a late resume still finds the end). */
  endedTtlMs: 60_000,
  /** A claim outlives a lost instance at most this long even if no instance reaps it. */
  claimTtlMs: 24 * 60 * 60_000,
  /** How long a reaped reply's claim is remembered, so its instance (if it comes back) stops it. */
  lostTtlMs: 10 * 60_000,
  /** How long an instance keeps trying to write the end of a reply Redis lost. */
  closeRetryMs: 60_000,
  /** How long an abort waits for the instance running the reply. */
  abortWaitMs: 5000,
  /**
   * Running replies' writes wait at most this long to leave together in one pipeline: one socket
   * write and one read for Redis per batch instead of one per event. Only a follower on another
   * instance waits for it; the reply's own client gets its events from the hub at once.
   */
  batchMs: 10,
  /** Entries kept per reply stream (approximately); a resume past them gets the snapshot. */
  maxEvents: 5000,
} as const;

/** One stream entry, as the hub published it. */
export interface StreamEntry {
  /** The Redis stream id. */
  streamId: string;
  /** The SSE id (absent on the end marker). */
  id: number;
  text?: string | undefined;
  data?: unknown;
  /** A sync entry's whole text. */
  sync?: string | undefined;
  end: boolean;
  /** The end marker of the instance running the reply: the last SSE id before it (l). */
  endAfter?: number | undefined;
}

export function parseEntry(streamId: string, fields: string[]): StreamEntry {
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) map.set(fields[i]!, fields[i + 1]!);
  const d = map.get('d');
  return {
    streamId,
    id: Number(map.get('i') ?? -1),
    text: map.get('t'),
    sync: map.get('y'),
    data: d === undefined ? undefined : (JSON.parse(d) as unknown),
    end: map.has('e'),
    endAfter: map.has('l') ? Number(map.get('l')) : undefined,
  };
}
