import { describe, expect, it } from 'vitest';
import { openTestRedisLinks, quietLogger } from '../../../test/support/redis.js';
import { connectRedis } from './connect.js';

describe('the Redis link', () => {
  it('fails start-up with a message naming REDIS_URL when Redis cannot be reached', async () => {
    await expect(connectRedis({ url: 'redis://127.0.0.1:1', keyPrefix: '' }, quietLogger())).rejects.toThrow(
      /^REDIS_URL: cannot connect to Redis/,
    );
  });

  it('prefixes channels: a message reaches the links of its prefix only, each told whether it sent it', async () => {
    const one = await openTestRedisLinks(2);
    const other = await openTestRedisLinks(1);
    try {
      const got: string[] = [];
      const [a, b] = one.links as [(typeof one.links)[0], (typeof one.links)[0]];
      a.subscribe('news', (m, self) => got.push(`a:${String(m)}:${self}`));
      b.subscribe('news', (m, self) => got.push(`b:${String(m)}:${self}`));
      other.links[0]!.subscribe('news', (m) => got.push(`other:${String(m)}`));
      await new Promise((r) => setTimeout(r, 100)); // the subscriptions are in place
      await a.publish('news', 'hello');
      for (let i = 0; i < 100 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      expect(got.sort()).toEqual(['a:hello:true', 'b:hello:false']);
    } finally {
      await one.close();
      await other.close();
    }
  });
});
