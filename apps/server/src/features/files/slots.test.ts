import { describe, expect, it } from 'vitest';
import { IMAGE_LIMIT_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { createFairSlots } from './slots.js';

/** A task that runs until released, recording when it started and ended. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release,
  };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('createFairSlots', () => {
  it('runs at most `atOnce` tasks, the rest in order, through failures', async () => {
    const run = createFairSlots({ atOnce: 2, perOwner: 2, queuedPerOwner: 10 });
    const log: string[] = [];
    const gates = [1, 2, 3, 4].map((n) => gate(log, String(n)));
    const results = Promise.allSettled(
      gates.map((g, i) =>
        run('a', i === 1 ? () => g.task().then(() => Promise.reject(new Error('2'))) : g.task),
      ),
    );
    await tick();
    expect(log).toEqual(['start 1', 'start 2']);
    gates[1]!.release();
    await tick();
    expect(log).toEqual(['start 1', 'start 2', 'end 2', 'start 3']);
    gates[0]!.release();
    gates[2]!.release();
    gates[3]!.release();
    expect((await results).map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });

  it('lets another owner’s task run while one owner’s many tasks wait their turn', async () => {
    const run = createFairSlots({ atOnce: 2, perOwner: 1, queuedPerOwner: 10 });
    const log: string[] = [];
    const heavy = [1, 2, 3, 4].map((n) => gate(log, `heavy ${n}`));
    const heavyRuns = heavy.map((g) => run('attacker', g.task));
    await tick();
    // The attacker holds one slot, not both.
    expect(log).toEqual(['start heavy 1']);
    const other = gate(log, 'other');
    const otherRun = run('bob', other.task);
    await tick();
    expect(log).toEqual(['start heavy 1', 'start other']);
    other.release();
    expect(await otherRun).toBe('other');
    // Bob was done while the attacker's first image was still being decoded.
    expect(log).toEqual(['start heavy 1', 'start other', 'end other']);
    for (const g of heavy) g.release();
    await Promise.all(heavyRuns);
    expect(log.filter((l) => l.startsWith('start heavy'))).toEqual(
      [1, 2, 3, 4].map((n) => `start heavy ${n}`),
    );
  });

  it('refuses (429) an owner’s task beyond the queue bound at once, and takes it again later', async () => {
    const run = createFairSlots({ atOnce: 2, perOwner: 1, queuedPerOwner: 2 });
    const log: string[] = [];
    const gates = [1, 2, 3].map((n) => gate(log, String(n)));
    const runs = gates.map((g) => run('a', g.task));
    const refused = await run('a', async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: IMAGE_LIMIT_TEXTS.busy });
    for (const g of gates) g.release();
    await Promise.all(runs);
    expect(await run('a', async () => 'again')).toBe('again');
  });
});
