import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from '../../../platform/redis/link.js';
import { parseEntry, type StreamEntry } from './keys.js';

type Listener = (entries: StreamEntry[]) => void;

/** Each listener's last entry delivered: the read starts from the earliest of them. */
type Tail = Map<Listener, string>;

/**
 * The live tail of the reply streams this instance's resumed clients follow: ONE blocking XREAD
 * over all of them, on its own connection. A stream added while it blocks unblocks it (CLIENT
 * UNBLOCK), so the next read includes it at once.
 */
export function createStreamTail(link: RedisLink, log: FastifyBaseLogger) {
  const tails = new Map<string, Tail>();
  let conn: ReturnType<RedisLink['duplicate']> | undefined;
  let clientId: number | undefined;
  let looping = false;
  let closed = false;

  async function loop(): Promise<void> {
    looping = true;
    try {
      if (!conn) {
        conn = link.duplicate();
        conn.on('ready', () => {
          clientId = undefined;
        });
      }
      while (tails.size > 0 && !closed) {
        const keys = [...tails.keys()];
        const ids = keys.map((k) =>
          [...tails.get(k)!.values()].reduce((a, b) => (compareIds(a, b) <= 0 ? a : b)),
        );
        let res: [string, [string, string[]][]][] | null;
        try {
          // Inside the retry: Redis may be unreachable here too (restarting), and the followers
          // must carry on once it is back.
          clientId ??= Number(await conn.client('ID'));
          res = (await conn.xread('COUNT', 500, 'BLOCK', 5000, 'STREAMS', ...keys, ...ids)) as
            [string, [string, string[]][]][] | null;
        } catch (err) {
          if (closed) return;
          log.warn({ err }, 'reading reply streams failed; retrying');
          await new Promise((r) => setTimeout(r, 250));
          continue;
        }
        for (const [prefixed, raw] of res ?? []) {
          const key = prefixed.slice(link.prefix.length);
          const tail = tails.get(key);
          if (!tail || raw.length === 0) continue;
          const entries = raw.map(([id, fields]) => parseEntry(id, fields));
          const lastId = entries.at(-1)!.streamId;
          for (const [listener, after] of [...tail]) {
            if (!tail.has(listener)) continue;
            const later = entries.filter((e) => compareIds(e.streamId, after) > 0);
            tail.set(listener, compareIds(lastId, after) > 0 ? lastId : after);
            if (later.length > 0) listener(later);
          }
        }
      }
    } finally {
      looping = false;
    }
  }

  function wake(): void {
    if (!looping) {
      loop().catch((err: unknown) => log.error({ err }, 'the reply stream reader stopped'));
      return;
    }
    if (clientId !== undefined) link.redis.client('UNBLOCK', clientId).catch(() => {});
  }

  return {
    /** Calls `listener` with the entries of `key` after `fromId`; returns the way to stop. */
    follow(key: string, fromId: string, listener: Listener): () => void {
      let tail = tails.get(key);
      if (!tail) {
        tail = new Map();
        tails.set(key, tail);
      }
      // A listener of its own (a wrapper), so one function may follow twice.
      const own: Listener = (entries) => listener(entries);
      tail.set(own, fromId);
      wake();
      return () => {
        const t = tails.get(key);
        if (!t) return;
        t.delete(own);
        if (t.size === 0) tails.delete(key);
      };
    },
    close(): void {
      closed = true;
      tails.clear();
      conn?.disconnect();
    },
  };
}

/** Orders Redis stream ids (`ms-seq`). */
function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number) as [number, number];
  const [bm, bs] = b.split('-').map(Number) as [number, number];
  return am !== bm ? am - bm : as - bs;
}
