import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../../db/client.js';
import { presentConversation, type ConvosRepo } from '../../convos/index.js';
import { presentMessage, type MessagesRepo } from '../../messages/index.js';
import type { TurnResult } from '../generations.js';
import type { ReplyStart } from '../reply-hub.js';
import { replyPatch } from '../steps/save-reply.js';
import { LEASES, REPLY_TIMINGS, parseEntry, replyKeys } from './keys.js';

/** The error event's text when the instance generating a reply is gone. */
const LOST_REPLY_MESSAGE = 'The server generating this reply stopped; the reply so far was saved';

/** KEYS: leases. ARGV: how many. Takes (removes) expired leases: each is taken by one instance only. */
const TAKE = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
for _, k in ipairs(due) do redis.call('ZREM', KEYS[1], k) end
return due`;

/** KEYS: reply, lost. ARGV: lostTtlMs. The claim goes; its token is remembered so its instance, if alive, stops. */
const DROP_CLAIM = `
local c = redis.call('HGET', KEYS[1], 'claim')
if c then redis.call('SET', KEYS[2], c, 'PX', ARGV[1]) end
redis.call('DEL', KEYS[1])
return 1`;

/** Saves a reply whose instance is gone as stopped (unfinished, with its text so far); its result. */
export type LostReplySaver = (lost: {
  userId: string;
  start: ReplyStart;
  text: string;
}) => Promise<TurnResult | null>;

export function createLostReplySaver(deps: {
  db: Pick<Db, 'transaction'>;
  convos: Pick<ConvosRepo, 'update'>;
  messages: Pick<MessagesRepo, 'update' | 'get'>;
}): LostReplySaver {
  return async ({ userId, start, text }) => {
    const replyId = start.responseMessage.messageId;
    // The text published to clients, or the flushed one when it is longer (a delta the hub had
    // not sent yet): what streamed is kept either way.
    const row = await deps.messages.get(userId, replyId);
    const saved = row && row.text.length > text.length && row.text.startsWith(text) ? row.text : text;
    return deps.db.transaction(async (tx) => {
      const conversation = await deps.convos.update(userId, start.conversationId, {}, tx);
      if (!conversation) return null;
      // Where its model's context began, as the stream's start said: the divider stays after it.
      const response = await deps.messages.update(
        userId,
        replyId,
        {
          ...replyPatch(saved, { kind: 'abort' }),
          contextMessageId: start.responseMessage.contextMessageId ?? null,
        },
        tx,
      );
      if (!response) return null;
      return {
        conversation: presentConversation(conversation),
        requestMessage: start.requestMessage,
        responseMessage: presentMessage(response),
      };
    });
  };
}

/**
 * Every instance looks for expired leases now and then. A lease expires when its instance stopped
 * renewing it (killed, or cut off from Redis): the one instance that takes it saves the reply as
 * stopped with its text so far, and writes the error event and the end to its stream, so clients
 * following it from any instance get the error instead of waiting for ever.
 */
export function createLeaseReaper(deps: {
  redis: Redis;
  runsHere(key: string): boolean;
  saveLost: LostReplySaver;
  log: FastifyBaseLogger;
  /** Registers a handler for each reconnection to Redis. */
  onReconnect?(handler: () => void): void;
}) {
  const { redis, log } = deps;
  let busy = false;
  /**
   * After Redis was unreachable, every lease may have run out while the instances holding them
   * were cut off too: they get a lease's time to renew before anything is taken as lost.
   */
  let quietUntil = 0;
  deps.onReconnect?.(() => {
    quietUntil = Date.now() + REPLY_TIMINGS.leaseMs;
  });

  async function reapOne(key: string): Promise<void> {
    // This instance's own (its renewal was late): the next renewal puts the lease back.
    if (deps.runsHere(key)) return;
    const k = replyKeys(key);
    const res = await redis
      .multi()
      .hgetall(k.reply)
      .get(k.text)
      .xrevrange(k.events, '+', '-', 'COUNT', 50)
      .eval(DROP_CLAIM, 2, k.reply, k.lost, REPLY_TIMINGS.lostTtlMs)
      .exec();
    if (!res || res.some(([err]) => err)) throw new Error('reading a lost reply failed');
    const hash = res[0]![1] as Record<string, string>;
    const text = res[1]![1] as string | null;
    const recent = (res[2]![1] as [string, string[]][]).map(([id, f]) => parseEntry(id, f));
    if (!hash.userId || !hash.start || recent.some((e) => e.end)) return;
    const start = JSON.parse(hash.start) as ReplyStart;
    const result = await deps.saveLost({
      userId: hash.userId,
      start,
      text: text ?? start.responseMessage.text,
    });
    const lastId = Math.max(-1, ...recent.map((e) => e.id));
    const event = result
      ? { error: true, code: 'server_shutdown', message: LOST_REPLY_MESSAGE, ...result }
      : { error: true, code: 'not_found', message: 'The conversation was deleted' };
    await redis
      .multi()
      .xadd(k.events, '*', 'i', lastId + 1, 'd', JSON.stringify(event))
      .xadd(k.events, '*', 'e', '1')
      .pexpire(k.events, REPLY_TIMINGS.endedTtlMs)
      .pexpire(k.text, REPLY_TIMINGS.endedTtlMs)
      .exec();
    log.warn({ conversationId: key }, 'a reply whose instance stopped was saved unfinished');
  }

  async function reap(): Promise<void> {
    if (busy || Date.now() < quietUntil) return;
    busy = true;
    try {
      const due = (await redis.eval(TAKE, 1, LEASES, 20)) as string[];
      for (const key of due)
        await reapOne(key).catch((err: unknown) => log.error({ err, key }, 'saving a lost reply failed'));
    } catch (err) {
      log.warn({ err }, 'looking for lost replies failed');
    } finally {
      busy = false;
    }
  }

  const timer = setInterval(() => void reap(), REPLY_TIMINGS.reapMs);
  timer.unref();
  return {
    stop(): void {
      clearInterval(timer);
    },
  };
}
