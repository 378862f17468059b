import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.js';

describe('createSlots', () => {
  it('runs at most `size` tasks at once, the rest in order, through failures', async () => {
    const run = createSlots(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number, fail = false) =>
      run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        order.push(n);
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(peak).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(order.slice(2).sort()).toEqual([3, 4, 5]);
  });
});
