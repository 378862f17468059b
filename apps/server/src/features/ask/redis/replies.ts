import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ResumedEvent } from '@chat/contract';
import { AppError } from '../../../platform/errors.js';
import type { RedisLink } from '../../../platform/redis/link.js';
import type { Generation, TurnResult } from '../generations.js';
import type { HubTap, ReplyStart, Subscriber } from '../reply-hub.js';
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

/** Redis's clock in ms, inside a script (instances' clocks may differ). */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: reply, text, events, leases. ARGV: owner, userId, leaseMs, key, claimTtlMs. */
const CLAIM = `${NOW}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'userId', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[3]), ARGV[4])
return 1`;

/** KEYS: reply, leases. ARGV: owner, leaseMs, key. 0 when the claim is no longer this instance's. */
const RENEW = `${NOW}
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[3])
return 1`;

/** KEYS: reply, text, events, leases. ARGV: owner, key, endedTtlMs. */
const RELEASE = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[4], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`;

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
  saveLost: LostReplySaver;
  log: FastifyBaseLogger;
}

/**
 * SharedReplies on Redis. A reply's claim is a hash (owner, user, the resumed snapshot's
 * messages) plus a lease in a sorted set renewed while it runs; its events go to a capped stream
 * and its text so far to a string, written in one MULTI per event so a reader sees both at one
 * point. Abort requests and their answers travel on pub/sub.
 */
export function createRedisReplies(deps: RedisRepliesDeps): SharedReplies {
  const { link, log } = deps;
  const { redis } = link;
  const owner = link.instanceId;
  const claimed = new Map<string, Generation>();
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

  const renew = setInterval(() => {
    for (const [key, generation] of claimed) {
      const k = replyKeys(key);
      redis
        .eval(RENEW, 2, k.reply, LEASES, owner, REPLY_TIMINGS.leaseMs, key)
        .then((mine) => {
          // Taken over as lost (this process stalled past its lease): stop, it is saved unfinished.
          if (Number(mine) === 0 && claimed.get(key) === generation) generation.controller.abort();
        })
        .catch(logError('renewing a reply lease failed'));
    }
  }, REPLY_TIMINGS.renewMs);
  renew.unref();
  const reaper = createLeaseReaper({ redis, runsHere: deps.runsHere, saveLost: deps.saveLost, log });

  function mirror(generation: Generation): HubTap {
    const k = replyKeys(generation.key);
    const startJson = (start: ReplyStart) => JSON.stringify(start);
    const fail = logError('writing a reply event to redis failed');
    return {
      begin(start) {
        redis
          .multi()
          .hset(k.reply, 'start', startJson(start))
          .set(k.text, start.responseMessage.text)
          .exec()
          .catch(fail);
      },
      event(id, data, text) {
        const m = redis.multi();
        if (text !== undefined) {
          m.xadd(k.events, 'MAXLEN', '~', REPLY_TIMINGS.maxEvents, '*', 'i', id, 't', text);
          m.append(k.text, text);
        } else {
          m.xadd(k.events, 'MAXLEN', '~', REPLY_TIMINGS.maxEvents, '*', 'i', id, 'd', JSON.stringify(data));
        }
        m.exec().catch(fail);
      },
      patch(start) {
        redis.hset(k.reply, 'start', startJson(start)).catch(fail);
      },
      end() {
        redis.xadd(k.events, '*', 'e', '1').catch(fail);
      },
    };
  }

  return {
    async claim(generation) {
      const k = replyKeys(generation.key);
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
      );
      if (Number(ok) !== 1)
        throw new AppError('conflict', 'A reply is already being generated in this conversation');
      claimed.set(generation.key, generation);
      generation.hub.setTap(mirror(generation));
    },

    release(generation) {
      if (claimed.get(generation.key) !== generation) return;
      claimed.delete(generation.key);
      const k = replyKeys(generation.key);
      redis
        .eval(RELEASE, 4, k.reply, k.text, k.events, LEASES, owner, generation.key, REPLY_TIMINGS.endedTtlMs)
        .catch(logError('releasing a reply claim failed'));
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
          const stop = tail.follow(k.events, last.streamId, (live) => {
            for (const e of live) {
              if (e.end) {
                stops.get(sub)?.();
                stops.delete(sub);
                sub.end();
                return;
              }
              deliver(sub, e);
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

function deliver(sub: Subscriber, e: StreamEntry): void {
  if (e.text !== undefined) sub.delta(e.id, e.text);
  else sub.event(e.id, e.data);
}

/** The events after `lastEventId`, or undefined when some of them are no longer kept (or none was given). */
function missedAfter(events: StreamEntry[], lastEventId: number | undefined): StreamEntry[] | undefined {
  if (lastEventId === undefined || events.length === 0) return undefined;
  const lastId = events.at(-1)!.id;
  if (lastEventId < 0 || lastEventId > lastId) return undefined;
  if (events[0]!.id > lastEventId + 1) return undefined;
  return events.filter((e) => e.id > lastEventId);
}
