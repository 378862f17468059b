import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { createTurns } from './turns.js';
import { sql } from 'drizzle-orm';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('statements taking turns with the event loop', () => {
  it('runs one at a time in order, and what the loop had waiting runs between two of them', async () => {
    const turn = createTurns();
    const log: string[] = [];
    let running = 0;
    const statement = (name: string) =>
      turn(async () => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await Promise.resolve();
        log.push(`end ${name}`);
        running--;
        return name;
      });
    const all = Promise.all([statement('a'), statement('b'), statement('c')]);
    setImmediate(() => log.push('loop'));
    expect(await all).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'loop', 'start b', 'end b', 'start c', 'end c']);
  });

  it('starts at once when nothing runs, and a failed statement hands the turn on', async () => {
    const turn = createTurns();
    let started = false;
    const first = turn(async () => {
      started = true;
      throw new Error('no');
    });
    expect(started).toBe(true);
    await expect(first).rejects.toThrow('no');
    await expect(turn(() => Promise.resolve(1))).resolves.toBe(1);
  });

  it('on the embedded database, a queue of statements lets timers and I/O in between', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      const { db } = database;
      let done = 0;
      const queued = Array.from({ length: 20 }, () =>
        db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => done++),
      );
      let seenAt = -1;
      setImmediate(() => (seenAt = done));
      await Promise.all(queued);
      await tick();
      // Before, the first loop turn came after all 20.
      expect(seenAt).toBeGreaterThanOrEqual(0);
      expect(seenAt).toBeLessThan(20);
    } finally {
      await database.close();
    }
  });
});
