import { describe, expect, it } from 'vitest';
import { createReplyText } from './reply-text.js';

describe('reply text', () => {
  it('reads the same whole text and every slice as one string grown the same way', () => {
    const pieces = Array.from({ length: 700 }, (_, i) => (i % 7 === 0 ? `é${i}👋 ` : `p${i} `));
    const text = createReplyText('prefix: ');
    let plain = 'prefix: ';
    for (const [i, piece] of pieces.entries()) {
      text.append(piece);
      plain += piece;
      if (i % 97 === 0) expect(text.toString()).toBe(plain);
    }
    expect(text.length).toBe(plain.length);
    expect(text.toString()).toBe(plain);
    // Slices inside one block, across blocks and the tail, empty, out of range.
    const n = plain.length;
    const cases: [number, number?][] = [
      [0],
      [5, 9],
      [100, 2_000],
      [n - 10],
      [n - 3_000, n - 5],
      [7, 7],
      [n],
      [n + 5],
      [-3, 4],
      [20, n + 100],
    ];
    for (const [from, to] of cases) expect(text.slice(from, to)).toBe(plain.slice(Math.max(0, from), to));
  });

  it('ignores empty pieces and starts empty without a prefix', () => {
    const text = createReplyText();
    text.append('');
    expect(text.length).toBe(0);
    expect(text.toString()).toBe('');
    text.append('a');
    expect(text.slice(0)).toBe('a');
  });
});
