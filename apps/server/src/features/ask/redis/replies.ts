import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainableCommander } from 'ioredis';
import type { ResumedEvent } from '@chat/contract';
import { AppError } from '../../../platform/errors.js';
import type { RedisLink } from '../../../platform/redis/link.js';
import type { Generation, TurnResult } from '../generations.js';
import type { HubTap, ReplyStart } from '../reply-hub.js';
import type { Subscriber } from '../stream-sink.js';
import type { RemoteReply, SharedReplies } from '../shared-replies.js';
import {
  ABORT_CHANNEL,
  ABORT_RESULT_CHANNEL,
  LEASES,
  REPLY_TIMINGS,
  parseEntry,
  replyKeys,
  type StreamEntry,
} from './keys.js';
import { createLeaseReaper, type LostReplySaver } from './reaper.js';
import { createStreamTail } from './tail.js';
import { joinSaved, readSavedStart } from '../whole-text.js';

/** Redis's clock in ms, inside a script (instances' clocks may differ). */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: reply, text, events, leases. ARGV: owner, userId, leaseMs, key, claimTtlMs, token. */
const CLAIM = `${NOW}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'userId', ARGV[2], 'claim', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[3]), ARGV[4])
return 1`;

/**
 * Whose the claim is, at the start of a script (KEYS[1]: reply, KEYS[lost]: the reaped token;
 * ARGV[token]): 1 this reply's, 0 another's or reaped as lost, -1 gone with Redis (restarted empty).
 */
const OWNED = (lost: number, token: number) => `
local function owned()
  local c = redis.call('HGET', KEYS[1], 'claim')
  if c == ARGV[${token}] then return 1 end
  if c then return 0 end
  if redis.call('GET', KEYS[${lost}]) == ARGV[${token}] then return 0 end
  return -1
end`;

/** KEYS: reply, leases, lost. ARGV: token, leaseMs, key. 1 renewed; 0 taken (stop); -1 lost with Redis (rebuild). */
const RENEW = `${NOW}${OWNED(3, 1)}
local o = owned()
if o == 1 then redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[3]) end
return o`;

/** KEYS: reply, lost. ARGV: token, start. The snapshot's messages, while the claim is this reply's. */
const SET_START = `${OWNED(2, 1)}
if owned() == 1 then redis.call('HSET', KEYS[1], 'start', ARGV[2]) end
return 1`;

/**
 * KEYS: reply, text, events, leases, lost. ARGV: token, owner, userId, leaseMs, key, claimTtlMs,
 * start, text, syncId, maxEvents. Writes a running reply back as this instance has it (claim,
 * lease, snapshot, whole text, a sync entry for the followers), unless it is another's or reaped.
 */
const REBUILD = `${NOW}${OWNED(5, 1)}
if owned() == 0 then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[2], 'userId', ARGV[3], 'claim', ARGV[1])
if ARGV[7] ~= '' then redis.call('HSET', KEYS[1], 'start', ARGV[7]) end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('SET', KEYS[2], ARGV[8])
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[4]), ARGV[5])
if tonumber(ARGV[9]) >= 0 then
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[10], '*', 'i', ARGV[9], 'y', ARGV[8])
end
return 1`;

/** KEYS: reply, text, events, leases, lost. ARGV: token, key, endedTtlMs. -1: Redis lost the claim. */
const RELEASE = `${OWNED(5, 1)}
local o = owned()
if o ~= 1 then return o end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[4], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`;

/**
 * KEYS: reply, text, events, leases, lost. ARGV: token, key, endedTtlMs, text, syncId, lastId,
 * lastData, the last SSE id. The end of a reply whose end Redis lost: a sync entry, its last event, the end.
 */
const CLOSE = `${OWNED(5, 1)}
if owned() == 0 then return 0 end
if tonumber(ARGV[5]) >= 0 then redis.call('XADD', KEYS[3], '*', 'i', ARGV[5], 'y', ARGV[4]) end
if ARGV[7] ~= '' then redis.call('XADD', KEYS[3], '*', 'i', ARGV[6], 'd', ARGV[7]) end
redis.call('XADD', KEYS[3], '*', 'e', '1', 'l', ARGV[8])
redis.call('SET', KEYS[2], ARGV[4])
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[4], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`;

/**
 * What this instance knows of a reply it runs: enough to write it back whole when Redis lost it
 * (restarted empty, or commands failed while it was unreachable).
 */
interface Claim {
  generation: Generation;
  token: string;
  start?: ReplyStart;
  /** The last SSE id published (-1: none yet). */
  lastId: number;
  /** The last event that was not a delta (the final or error event at the end). */
  last?: { id: number; data: unknown };
  /** Writes that failed, and how many of them a rebuild has made good. */
  failures: number;
  synced: number;
  /** Writes waiting for the next batch (sendWrites), in order. */
  pending: ((p: ChainableCommander) => void)[];
  /** The last write sent (they complete in order). */
  writing: Promise<unknown>;
  busy: boolean;
  /** The hub ended: what Redis lost of it is written by `close` (its last event and the end too). */
  ended: boolean;
  /** When the reply ended (closing), ms. */
  endedAt?: number;
}

interface AbortRequest {
  requestId: string;
  key: string;
  userId: string;
}
interface AbortAnswer {
  requestId: string;
  result: TurnResult | null;
}

export interface RedisRepliesDeps {
  link: RedisLink;
  /** Stops this instance's running reply of that key: its saved result, undefined when none runs here. */
  abortLocal(key: string, userId: string): Promise<TurnResult | null | undefined>;
  /** Whether this instance runs a reply of that key (the lease reaper skips its own). */
  runsHere(key: string): boolean;
  /** A reply's saved text (the start of a long reply that memory forgot), to write it back whole. */
  savedText(userId: string, replyId: string): Promise<string | undefined>;
  saveLost: LostReplySaver;
  log: FastifyBaseLogger;
}

/**
 * SharedReplies on Redis. A reply's claim is a hash (owner, user, the resumed snapshot's
 * messages) plus a lease in a sorted set renewed while it runs; its events go to a capped stream
 * and its text so far to a string. Every running reply's writes of the last few milliseconds leave
 * in one pipeline (sendWrites), each reply's in one MULTI, so a reader sees text and events at one
 * point. Abort requests and their answers travel on pub/sub.
 */
export function createRedisReplies(deps: RedisRepliesDeps): SharedReplies {
  const { link, log } = deps;
  const { redis } = link;
  const owner = link.instanceId;
  const claimed = new Map<string, Claim>();
  /** Replies that ended while Redis had lost them: their end is written once it can be (by token). */
  const closing = new Map<string, Claim>();
  const waiting = new Map<string, (result: TurnResult | null) => void>();
  const tail = createStreamTail(link, log);
  const logError = (what: string) => (err: unknown) => log.error({ err }, what);

  link.subscribe(ABORT_CHANNEL, (message) => {
    const req = message as AbortRequest;
    // Only the instance running it answers.
    deps
      .abortLocal(req.key, req.userId)
      .then((result) => {
        if (result === undefined) return;
        const answer: AbortAnswer = { requestId: req.requestId, result };
        return link.publish(ABORT_RESULT_CHANNEL, answer);
      })
      .catch(logError('answering an abort failed'));
  });
  link.subscribe(ABORT_RESULT_CHANNEL, (message) => {
    const answer = message as AbortAnswer;
    waiting.get(answer.requestId)?.(answer.result);
  });

  /** The whole text as this instance has it (its saved start read back once memory forgot it). */
  async function wholeText(claim: Claim): Promise<() => string> {
    const { hub, userId } = claim.generation;
    const replyId = claim.start?.responseMessage.messageId;
    const words = hub.replyText;
    const saved =
      replyId && words.keptFrom > 0 ? await readSavedStart(words, () => deps.savedText(userId, replyId)) : '';
    // Joined when the script is sent: nothing is published between the two.
    return () => (claim.start ? joinSaved(saved, words) : '');
  }

  /**
   * Writes a running reply back as this instance has it: its claim, lease and snapshot, the whole
   * text so far, and a sync entry that brings followers on other instances up to date (what they
   * missed comes as one delta). Stops the reply when it turns out to be another's.
   */
  async function rebuild(claim: Claim): Promise<void> {
    const failures = claim.failures;
    const text = (await wholeText(claim))();
    const { generation } = claim;
    if (claimed.get(generation.key) !== claim || claim.ended) return;
    const k = replyKeys(generation.key);
    sendWrites();
    const ok = await redis.eval(
      REBUILD,
      5,
      k.reply,
      k.text,
      k.events,
      LEASES,
      k.lost,
      claim.token,
      owner,
      generation.userId,
      REPLY_TIMINGS.leaseMs,
      generation.key,
      REPLY_TIMINGS.claimTtlMs,
      claim.start ? JSON.stringify(claim.start) : '',
      text,
      claim.start ? claim.lastId : -1,
      REPLY_TIMINGS.maxEvents,
    );
    if (Number(ok) === 0) {
      generation.controller.abort();
      return;
    }
    claim.synced = failures;
    log.info({ conversationId: generation.key }, 'a running reply was written back to redis');
  }

  /** Writes the end of a reply whose end Redis lost (restarted, unreachable): followers get it. */
  async function close(claim: Claim): Promise<void> {
    const text = (await wholeText(claim))();
    const k = replyKeys(claim.generation.key);
    const last = claim.last && claim.last.id === claim.lastId ? claim.last : undefined;
    const syncId = claim.start ? (last ? claim.lastId - 1 : claim.lastId) : -1;
    sendWrites();
    await redis.eval(
      CLOSE,
      5,
      k.reply,
      k.text,
      k.events,
      LEASES,
      k.lost,
      claim.token,
      claim.generation.key,
      REPLY_TIMINGS.endedTtlMs,
      text,
      syncId,
      last ? last.id : -1,
      last ? JSON.stringify(last.data) : '',
      claim.lastId,
    );
    closing.delete(claim.token);
  }

  /** Runs `task` for `claim` unless one runs already. */
  function once(claim: Claim, task: (c: Claim) => Promise<void>, what: string): void {
    if (claim.busy) return;
    claim.busy = true;
    task(claim)
      .catch((err: unknown) => log.warn({ err: { message: (err as Error).message } }, what))
      .finally(() => (claim.busy = false));
  }

  /** Renews every lease; a claim Redis lost (or writes that failed) is written back. */
  function renewAll(): void {
    for (const claim of claimed.values()) {
      if (claim.busy) continue;
      const { generation } = claim;
      const k = replyKeys(generation.key);
      redis
        .eval(RENEW, 3, k.reply, LEASES, k.lost, claim.token, REPLY_TIMINGS.leaseMs, generation.key)
        .then((res) => {
          const o = Number(res);
          if (claimed.get(generation.key) !== claim) return;
          // Taken over as lost (this process stalled past its lease): stop, it is saved unfinished.
          if (o === 0) generation.controller.abort();
          // Gone with Redis (restarted empty), or events that did not reach it: write it back.
          else if (!claim.ended && (o === -1 || claim.failures > claim.synced))
            once(claim, rebuild, 'writing a running reply back to redis failed');
        })
        .catch(() => {
          // Redis unreachable: the next renewal (or the reconnection) tries again.
        });
    }
    const now = Date.now();
    for (const claim of closing.values()) {
      if (now - (claim.endedAt ?? now) > REPLY_TIMINGS.closeRetryMs) closing.delete(claim.token);
      else once(claim, close, 'writing the end of a reply to redis failed');
    }
  }
  const renew = setInterval(renewAll, REPLY_TIMINGS.renewMs);
  renew.unref();
  // Back from an outage (maybe a restart that emptied it): everything is written back at once.
  link.onReconnect(renewAll);
  const reaper = createLeaseReaper({
    redis,
    runsHere: deps.runsHere,
    saveLost: deps.saveLost,
    log,
    onReconnect: (handler) => link.onReconnect(handler),
  });

  /** Claims with writes waiting, and the timer that sends them. */
  const queued = new Set<Claim>();
  let batchTimer: NodeJS.Timeout | undefined;

  /** Logged once per outage; the next renewal writes the reply back. */
  function failed(claim: Claim): void {
    if (claim.failures++ === claim.synced)
      log.warn({ conversationId: claim.generation.key }, 'writing a reply event to redis failed');
  }

  /** Queues a write of the claim's reply for the next batch. */
  function queueWrite(claim: Claim, write: (p: ChainableCommander) => void): void {
    claim.pending.push(write);
    queued.add(claim);
    batchTimer ??= setTimeout(sendWrites, REPLY_TIMINGS.batchMs);
  }

  /**
   * Sends every queued write in one pipeline: each reply's writes in a MULTI of their own, so a
   * reader (readReply) sees its text and its events at one point. Called by the timer, and before
   * any script that must come after them (release, rebuild, close): one connection keeps the order.
   */
  function sendWrites(): void {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = undefined;
    if (queued.size === 0) return;
    const claims = [...queued];
    queued.clear();
    const p = redis.pipeline();
    // Where each claim's EXEC answer is among the pipeline's answers (one per command queued).
    const at: number[] = [];
    for (const claim of claims) {
      transaction(p, () => {
        for (const write of claim.pending) write(p);
      });
      at.push(p.length - 1);
      claim.pending = [];
    }
    const sent = p.exec();
    claims.forEach((claim, i) => {
      claim.writing = sent.then(
        (res) => {
          const answer = res?.[at[i]!];
          const results = answer?.[1];
          if (!answer || answer[0] || !Array.isArray(results) || results.some((r) => r instanceof Error))
            failed(claim);
        },
        () => failed(claim),
      );
    });
  }

  function mirror(claim: Claim): HubTap {
    const k = replyKeys(claim.generation.key);
    const startJson = (start: ReplyStart) => JSON.stringify(start);
    return {
      begin(start) {
        claim.start = start;
        const json = startJson(start);
        queueWrite(claim, (p) =>
          p.eval(SET_START, 2, k.reply, k.lost, claim.token, json).set(k.text, start.responseMessage.text),
        );
      },
      event(id, data, text) {
        claim.lastId = id;
        if (text !== undefined) {
          queueWrite(claim, (p) =>
            p
              .xadd(k.events, 'MAXLEN', '~', REPLY_TIMINGS.maxEvents, '*', 'i', id, 't', text)
              .append(k.text, text),
          );
        } else {
          claim.last = { id, data };
          const json = JSON.stringify(data);
          queueWrite(claim, (p) =>
            p.xadd(k.events, 'MAXLEN', '~', REPLY_TIMINGS.maxEvents, '*', 'i', id, 'd', json),
          );
        }
      },
      patch(start) {
        claim.start = start;
        const json = startJson(start);
        queueWrite(claim, (p) => p.eval(SET_START, 2, k.reply, k.lost, claim.token, json));
      },
      end() {
        claim.ended = true;
        const lastId = claim.lastId;
        queueWrite(claim, (p) => p.xadd(k.events, '*', 'e', '1', 'l', lastId));
      },
    };
  }

  /**
   * The reply ended: its claim goes (sent at once, after its last events), unless Redis lost it or
   * some of its events meanwhile: then its end is written once it can be.
   */
  async function finish(claim: Claim, released: Promise<unknown>): Promise<void> {
    const [res] = await Promise.all([released.catch(() => -1), claim.writing]);
    claim.endedAt = Date.now();
    const o = Number(res);
    // Another reply's now, or reaped as lost: nothing of it to write.
    if (o === 0) return;
    if (o === 1 && claim.failures === claim.synced) return;
    closing.set(claim.token, claim);
    once(claim, close, 'writing the end of a reply to redis failed');
  }

  return {
    async claim(generation) {
      const k = replyKeys(generation.key);
      const token = randomUUID();
      const ok = await redis.eval(
        CLAIM,
        4,
        k.reply,
        k.text,
        k.events,
        LEASES,
        owner,
        generation.userId,
        REPLY_TIMINGS.leaseMs,
        generation.key,
        REPLY_TIMINGS.claimTtlMs,
        token,
      );
      if (Number(ok) !== 1)
        throw new AppError('conflict', 'A reply is already being generated in this conversation');
      const claim: Claim = {
        generation,
        token,
        lastId: -1,
        failures: 0,
        synced: 0,
        writing: Promise.resolve(),
        busy: false,
        ended: false,
        pending: [],
      };
      claimed.set(generation.key, claim);
      generation.hub.setTap(mirror(claim));
    },

    release(generation) {
      const claim = claimed.get(generation.key);
      if (claim?.generation !== generation) return;
      claimed.delete(generation.key);
      const k = replyKeys(generation.key);
      // Its last events and its end go first.
      sendWrites();
      const released = redis.eval(
        RELEASE,
        5,
        k.reply,
        k.text,
        k.events,
        LEASES,
        k.lost,
        claim.token,
        generation.key,
        REPLY_TIMINGS.endedTtlMs,
      );
      finish(claim, released).catch(logError('releasing a reply claim failed'));
    },

    async abort(key, userId) {
      const k = replyKeys(key);
      const [runner, runBy] = await redis.hmget(k.reply, 'owner', 'userId');
      if (!runner || runner === owner || runBy !== userId) return undefined;
      const requestId = randomUUID();
      const answered = new Promise<TurnResult | null | undefined>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(requestId);
          resolve(undefined);
        }, REPLY_TIMINGS.abortWaitMs);
        waiting.set(requestId, (result) => {
          clearTimeout(timer);
          waiting.delete(requestId);
          resolve(result);
        });
      });
      const request: AbortRequest = { requestId, key, userId };
      await link.publish(ABORT_CHANNEL, request);
      return answered;
    },

    async resume(key, userId, lastEventId) {
      const k = replyKeys(key);
      const [hash, text, raw] = await readReply(k);
      if (!hash.owner || hash.userId !== userId || !hash.start || text === null) return undefined;
      const entries = raw.map(([id, fields]) => parseEntry(id, fields));
      const events = entries.filter((e) => !e.end);
      const last = events.at(-1);
      // Not resumable before its first event, nor once it ended.
      if (!last || entries.some((e) => e.end)) return undefined;
      const start = JSON.parse(hash.start) as ReplyStart;
      const missed = missedAfter(events, lastEventId);
      const catchUp: StreamEntry[] = missed ?? [];
      const snapshot: ResumedEvent | undefined = missed
        ? undefined
        : {
            resumed: true,
            conversationId: start.conversationId,
            requestMessage: start.requestMessage,
            responseMessage: { ...start.responseMessage, text, unfinished: true },
          };
      const stops = new Map<Subscriber, () => void>();
      const reply: RemoteReply = {
        attach(sub) {
          if (snapshot) sub.event(last.id, snapshot);
          for (const e of catchUp) deliver(sub, e);
          // What this client has: events up to `sent`, text of `length` (the text key at the read).
          let sent = last.id;
          let length = text.length;
          const stop = tail.follow(k.events, last.streamId, (live) => {
            for (const e of live) {
              // An end after events this client has not had (Redis lost them: the instance
              // writes them and the end again once it can) is not its end yet.
              if (e.end && e.endAfter !== undefined && e.endAfter > sent) continue;
              if (e.end) {
                stops.get(sub)?.();
                stops.delete(sub);
                sub.end();
                return;
              }
              if (e.sync !== undefined) {
                // Redis lost part of the reply and its instance wrote it back: what this client
                // missed comes as one delta.
                if (e.id < sent) continue;
                const rest = e.sync.slice(length);
                if (e.id > sent && rest) sub.delta(e.id, rest);
                sent = e.id;
                length = e.sync.length;
              } else if (e.id === sent + 1) {
                deliver(sub, e);
                sent = e.id;
                if (e.text !== undefined) length += e.text.length;
              }
              // Else sent already, or after a gap that the instance's sync entry fills.
            }
          });
          stops.set(sub, stop);
        },
        detach(sub) {
          stops.get(sub)?.();
          stops.delete(sub);
        },
      };
      return reply;
    },

    close() {
      sendWrites();
      clearInterval(renew);
      reaper.stop();
      tail.close();
      for (const resolve of waiting.values()) resolve(null);
    },
  };

  /** The claim, the text and the events, read at one point (MULTI). */
  async function readReply(
    k: ReturnType<typeof replyKeys>,
  ): Promise<[Record<string, string>, string | null, [string, string[]][]]> {
    const res = await redis.multi().hgetall(k.reply).get(k.text).xrange(k.events, '-', '+').exec();
    if (!res || res.some(([err]) => err)) throw new Error('reading a running reply from redis failed');
    return [
      res[0]![1] as Record<string, string>,
      res[1]![1] as string | null,
      res[2]![1] as [string, string[]][],
    ];
  }
}

/**
 * Queues MULTI, what `add` queues, and EXEC in a pipeline. In a pipeline with a MULTI open, ioredis
 * queues EXEC for `exec()` rather than sending (its types only lack `multi` on a pipeline).
 */
function transaction(p: ChainableCommander, add: () => void): void {
  (p as ChainableCommander & { multi(): ChainableCommander }).multi();
  add();
  void p.exec();
}

function deliver(sub: Subscriber, e: StreamEntry): void {
  if (e.text !== undefined) sub.delta(e.id, e.text);
  else sub.event(e.id, e.data);
}

/**
 * The events after `lastEventId`, or undefined when some of them are no longer kept, or were
 * written back after Redis lost them (a gap, a sync entry), or none was given: then the snapshot.
 */
function missedAfter(events: StreamEntry[], lastEventId: number | undefined): StreamEntry[] | undefined {
  if (lastEventId === undefined || events.length === 0) return undefined;
  const lastId = events.at(-1)!.id;
  if (lastEventId < 0 || lastEventId > lastId) return undefined;
  const after = events.filter((e) => e.id > lastEventId);
  let next = lastEventId + 1;
  for (const e of after) {
    if (e.sync !== undefined || e.id !== next) return undefined;
    next++;
  }
  return after;
}
