import { describe, expect, it } from 'vitest';
import { openTestRedisLinks, quietLogger } from '../../../test/support/redis.js';
import { waitFor } from '../../../test/support/wait.js';
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
      // Each link's subscription is in place once a message of its own prefix reaches it.
      await waitFor(async () => {
        await a.publish('news', 'ready');
        await other.links[0]!.publish('news', 'ready');
        return ['a:ready:true', 'b:ready:false', 'other:ready'].every((e) => got.includes(e));
      });
      got.length = 0;
      await a.publish('news', 'hello');
      // Redis delivers to a subscriber in publishing order: when the other prefix's later message
      // has reached its link, `hello` would have reached it first.
      await other.links[0]!.publish('news', 'marker');
      await waitFor(() => got.includes('other:marker') && got.filter((e) => e.includes('hello')).length >= 2);
      expect(got.filter((e) => !e.includes('ready')).sort()).toEqual([
        'a:hello:true',
        'b:hello:false',
        'other:marker',
      ]);
    } finally {
      await one.close();
      await other.close();
    }
  });
});
