import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedisLinks } from '../../../test/support/redis.js';
import { createRedisLimiter } from './redis-limiter.js';

/** The message limits' counters in Redis, as two instances use them at once. */
let redis: Awaited<ReturnType<typeof openTestRedisLinks>>;
beforeAll(async () => {
  redis = await openTestRedisLinks(2);
});
afterAll(() => redis.close());

describe('the Redis limiter', () => {
  it('gives out exactly max slots to many acquires from two instances at once, and takes them back', async () => {
    const [a, b] = redis.links.map((l) => createRedisLimiter(l.redis)) as [
      ReturnType<typeof createRedisLimiter>,
      ReturnType<typeof createRedisLimiter>,
    ];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).acquire('concurrent:u1', 3)),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await a.acquire('concurrent:u1', 3)).toBe(false);
    await b.release('concurrent:u1');
    expect(await a.acquire('concurrent:u1', 3)).toBe(true);
    expect(await b.acquire('concurrent:u2', 3)).toBe(true);
  });

  it('counts hits of both instances in one window, which ends by itself', async () => {
    const [a, b] = redis.links.map((l) => createRedisLimiter(l.redis)) as [
      ReturnType<typeof createRedisLimiter>,
      ReturnType<typeof createRedisLimiter>,
    ];
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit('msg:u1', 300)),
    );
    expect([...counts].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ttl = await redis.raw.pttl(`${redis.prefix}limit:msg:u1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.hit('msg:u1', 300)).toBe(1);
  });

  it('keeps every key under REDIS_KEY_PREFIX', async () => {
    const limiter = createRedisLimiter(redis.links[0]!.redis);
    await limiter.hit('prefix-check', 60_000);
    expect(await redis.raw.exists('limit:prefix-check')).toBe(0);
    expect(await redis.raw.exists(`${redis.prefix}limit:prefix-check`)).toBe(1);
  });
});
