import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { connectRedis } from '../../src/platform/redis/connect.js';
import type { RedisLink } from '../../src/platform/redis/link.js';

/** A logger that drops everything (pino-shaped). */
export function quietLogger(): FastifyBaseLogger {
  const quiet = () => {};
  const log: FastifyBaseLogger = {
    level: 'silent',
    fatal: quiet,
    error: quiet,
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return log;
}

/**
 * `count` links to TEST_REDIS_URL under one fresh key prefix, as that many instances would hold;
 * `close` ends them and deletes every key under the prefix.
 */
export async function openTestRedisLinks(count: number) {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  const prefix = `t-${randomBytes(5).toString('hex')}:`;
  const links: RedisLink[] = [];
  for (let i = 0; i < count; i++) links.push(await connectRedis({ url, keyPrefix: prefix }, quietLogger()));
  /** A connection without the prefix, to look at the keys as they are stored. */
  const raw = new Redis(url);
  return {
    links,
    prefix,
    raw,
    async close() {
      for (const link of links) await link.close();
      let cursor = '0';
      do {
        const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await raw.del(...keys);
      } while (cursor !== '0');
      raw.disconnect();
    },
  };
}
