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
});
