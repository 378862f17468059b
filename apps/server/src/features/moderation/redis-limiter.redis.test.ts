import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/support/chat-harness.js';
import { openTestRedisLinks } from '../../../test/support/redis.js';
import { createRedisLimiter } from './redis-limiter.js';

/** The message limits' counters in Redis, as two instances use them at once. */
let redis: Awaited<ReturnType<typeof openTestRedisLinks>>;
beforeAll(async () => {
  redis = await openTestRedisLinks(2);
});
afterAll(() => redis.close());

const pair = (opts?: Parameters<typeof createRedisLimiter>[1]) =>
  redis.links.map((l) => createRedisLimiter(l, opts)) as [
    ReturnType<typeof createRedisLimiter>,
    ReturnType<typeof createRedisLimiter>,
  ];

describe('the Redis limiter', () => {
  it('gives out exactly max slots to many acquires from two instances at once, and takes them back', async () => {
    const [a, b] = pair();
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).acquire('concurrent:u1', 3)),
      );
      const taken = results.filter((r) => r !== null);
      expect(taken).toHaveLength(3);
      expect(await a.acquire('concurrent:u1', 3)).toBeNull();
      await taken[0]!();
      // Given back once: a second call frees nothing more.
      await taken[0]!();
      expect(await a.acquire('concurrent:u1', 3)).not.toBeNull();
      expect(await a.acquire('concurrent:u1', 3)).toBeNull();
      expect(await b.acquire('concurrent:u2', 3)).not.toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });

  it('the slots of an instance that stops renewing them (killed) end with its lease; a live one keeps its own', async () => {
    const [a, b] = pair({ leaseMs: 400, renewMs: 100 });
    try {
      expect(await a.acquire('concurrent:gone', 2)).not.toBeNull();
      expect(await b.acquire('concurrent:gone', 2)).not.toBeNull();
      expect(await b.acquire('concurrent:gone', 2)).toBeNull();
      // Well past a lease: both instances renew, so both slots still count.
      await new Promise((r) => setTimeout(r, 900));
      expect(await b.acquire('concurrent:gone', 2)).toBeNull();
      // A dies holding its slot (no release, no more renewals): its slot ends with the lease.
      a.close();
      let again: Awaited<ReturnType<typeof b.acquire>> = null;
      await waitFor(async () => (again = await b.acquire('concurrent:gone', 2)) !== null, 2000);
      expect(again).not.toBeNull();
      expect(await b.acquire('concurrent:gone', 2)).toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });

  it('puts the slots it holds back when Redis lost them', async () => {
    const [a, b] = pair({ leaseMs: 5000, renewMs: 100 });
    try {
      expect(await a.acquire('concurrent:lost', 1)).not.toBeNull();
      // Redis lost the key (restarted empty): the holder's next renewal puts its slot back.
      await redis.raw.del(`${redis.prefix}limit:slots:concurrent:lost`);
      await waitFor(async () => (await redis.raw.zcard(`${redis.prefix}limit:slots:concurrent:lost`)) === 1);
      expect(await b.acquire('concurrent:lost', 1)).toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });

  it('counts hits of both instances in one window, which ends by itself', async () => {
    const [a, b] = pair();
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit('msg:u1', 300)),
    );
    expect([...counts].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const ttl = await redis.raw.pttl(`${redis.prefix}limit:msg:u1`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.hit('msg:u1', 300)).toBe(1);
    a.close();
    b.close();
  });

  it('keeps every key under REDIS_KEY_PREFIX', async () => {
    const limiter = createRedisLimiter(redis.links[0]!);
    await limiter.hit('prefix-check', 60_000);
    expect(await redis.raw.exists('limit:prefix-check')).toBe(0);
    expect(await redis.raw.exists(`${redis.prefix}limit:prefix-check`)).toBe(1);
    limiter.close();
  });
});
