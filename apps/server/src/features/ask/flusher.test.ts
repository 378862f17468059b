import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createReplyFlusher } from './flusher.js';

const quiet = () => {};
const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A flusher over a recording store: every batch it was asked to write, row by row. */
function recording(flushMs: number) {
  const writes: { id: string; userId: string; text: string }[][] = [];
  const flusher = createReplyFlusher({
    messages: {
      saveTexts: (rows) => {
        writes.push(rows.map(({ id, userId, text }) => ({ id, userId, text })));
        return Promise.resolve();
      },
    },
    log,
    flushMs,
  });
  return { flusher, writes };
}

describe('reply flusher', () => {
  it('saves a growing text once per change, every reply in one batch, and stops at remove', async () => {
    const { flusher, writes } = recording(20);
    let a = 'prefix';
    let b = '';
    flusher.add('a', 'u1', a, () => a);
    flusher.add('b', 'u2', b, () => b);
    // Nothing new since the add: nothing written.
    await sleep(60);
    expect(writes).toEqual([]);

    a += ' one';
    b += 'two';
    await sleep(60);
    expect(writes).toEqual([
      [
        { id: 'a', userId: 'u1', text: 'prefix one' },
        { id: 'b', userId: 'u2', text: 'two' },
      ],
    ]);

    // Unchanged since that write: not written again; only what grew is.
    b += ' three';
    await sleep(60);
    expect(writes.slice(1)).toEqual([[{ id: 'b', userId: 'u2', text: 'two three' }]]);

    await flusher.remove('a');
    await flusher.remove('b');
    a += ' more';
    b += ' more';
    await sleep(60);
    expect(writes).toHaveLength(2);
  });

  it('tries again next tick when a write fails', async () => {
    let fail = true;
    const saved: string[] = [];
    const flusher = createReplyFlusher({
      messages: {
        saveTexts: (rows) => {
          if (fail) return Promise.reject(new Error('database gone'));
          saved.push(...rows.map((r) => r.text));
          return Promise.resolve();
        },
      },
      log,
      flushMs: 20,
    });
    let text = '';
    flusher.add('r', 'u', text, () => text);
    text = 'hello';
    await sleep(60);
    expect(saved).toEqual([]);
    fail = false;
    await sleep(60);
    expect(saved).toEqual(['hello']);
    await flusher.remove('r');
  });

  it('puts the next tick off when a tick took more than its share of the time', async () => {
    const starts: number[] = [];
    const ends: number[] = [];
    const flusher = createReplyFlusher({
      messages: {
        saveTexts: async () => {
          starts.push(performance.now());
          await sleep(50);
          ends.push(performance.now());
        },
      },
      log,
      flushMs: 20,
      busyShare: 0.25,
    });
    let text = '';
    const grow = setInterval(() => (text += 'x'), 5);
    flusher.add('r', 'u', text, () => text);
    await sleep(600);
    clearInterval(grow);
    await flusher.remove('r');
    // Each write takes >= 50 ms: at a quarter of the time, the next starts >= 150 ms after it ended
    // (at 20 ms without the share).
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - ends[i - 1]!).toBeGreaterThanOrEqual(145);
    }
  });

  it('writes many replies in statements of 100, and a removed reply waits only for the one running', async () => {
    const statements: string[][] = [];
    let finished = 0;
    const flusher = createReplyFlusher({
      messages: {
        saveTexts: async (rows) => {
          statements.push(rows.map((r) => r.id));
          await sleep(40);
          finished++;
        },
      },
      log,
      flushMs: 20,
    });
    const texts = new Map<string, string>();
    for (let i = 0; i < 250; i++) {
      const id = `r${i}`;
      texts.set(id, '');
      flusher.add(id, 'u', '', () => texts.get(id)!);
    }
    for (const id of texts.keys()) texts.set(id, 'some text');
    while (statements.length === 0) await sleep(2);
    // The first statement (r0..r99) is being written: removing one of its replies waits for it;
    // a reply of a later statement is left out of it.
    await Promise.all([flusher.remove('r5'), flusher.remove('r220')]);
    expect(finished).toBe(1);
    while (finished < 3) await sleep(5);
    expect(statements.map((ids) => ids.length)).toEqual([100, 100, 49]);
    expect(statements[0]).toContain('r5');
    expect(statements.flat()).not.toContain('r220');
    for (const id of texts.keys()) await flusher.remove(id);
  });
});
