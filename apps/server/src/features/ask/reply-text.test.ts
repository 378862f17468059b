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

describe('reply text forgetting its saved start', () => {
  const grown = (pieces: number) => {
    const text = createReplyText('pre ');
    let plain = 'pre ';
    for (let i = 0; i < pieces; i++) {
      const piece = i % 5 === 0 ? `ü${i}👋 ` : `t${i} `;
      text.append(piece);
      plain += piece;
    }
    return { text, plain };
  };

  it('drops whole blocks saved before a point, keeps its length and every later slice', () => {
    const { text, plain } = grown(600);
    // The prefix and the first blocks of pieces end before this point; the block it falls in stays.
    const upTo = Math.floor(plain.length / 2);
    text.forget(upTo);
    const kept = text.keptFrom;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(upTo);
    expect(text.length).toBe(plain.length);
    expect(text.slice(kept)).toBe(plain.slice(kept));
    expect(text.slice(upTo, upTo + 50)).toBe(plain.slice(upTo, upTo + 50));
    expect(() => text.slice(kept - 1)).toThrow(RangeError);
    expect(() => text.toString()).toThrow(RangeError);

    // Growing on after forgetting, then forgetting all of it (the tail is sealed and goes too).
    text.append('more');
    expect(text.slice(kept)).toBe(`${plain}more`.slice(kept));
    text.forget(text.length);
    expect(text.keptFrom).toBe(plain.length + 4);
    expect(text.slice(text.length)).toBe('');
    text.append(' end');
    expect(text.slice(text.keptFrom)).toBe(' end');
  });

  it('keeps a block the point falls inside: the prefix, then the tail of the pieces', () => {
    const { text, plain } = grown(50);
    text.forget(2);
    expect(text.keptFrom).toBe(0);
    expect(text.toString()).toBe(plain);
    // Past the prefix (a block of its own), inside the 50 pieces not yet sealed.
    text.forget(10);
    expect(text.keptFrom).toBe('pre '.length);
    expect(text.slice(4)).toBe(plain.slice(4));
  });
});
