import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedisLinks, quietLogger } from '../../../../test/support/redis.js';
import type { StreamEntry } from './keys.js';
import { createStreamTail } from './tail.js';

/** The one blocking reader of an instance, followed by clients that join at different points. */
let redis: Awaited<ReturnType<typeof openTestRedisLinks>>;
beforeAll(async () => {
  redis = await openTestRedisLinks(1);
});
afterAll(() => redis.close());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the stream tail', () => {
  it('gives each follower every entry after its own starting point, once, across streams', async () => {
    const link = redis.links[0]!;
    const tail = createStreamTail(link, quietLogger());
    const add = (key: string, i: number) => link.redis.xadd(key, '*', 'i', i, 't', `w${i} `);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await add('s1', i))!);

    const early: StreamEntry[] = [];
    const late: StreamEntry[] = [];
    const other: StreamEntry[] = [];
    const stopEarly = tail.follow('s1', '0', (e) => early.push(...e));
    await until(() => early.length === 3);
    // Joins after the first entry, while the reader is blocked on the stream.
    tail.follow('s1', ids[0]!, (e) => late.push(...e));
    tail.follow('s2', '0', (e) => other.push(...e));
    for (let i = 3; i < 6; i++) await add('s1', i);
    await add('s2', 100);
    await until(() => early.length === 6 && late.length === 5 && other.length === 1);
    stopEarly();
    await add('s1', 6);
    await until(() => late.length === 6);
    tail.close();

    expect(early.map((e) => e.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(late.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(late.map((e) => e.text).join('')).toBe('w1 w2 w3 w4 w5 w6 ');
    expect(other.map((e) => e.id)).toEqual([100]);
  });
});
