import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk.js';

const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

describe('splitting text into chunks', () => {
  it('keeps a short text whole', () => {
    expect(chunkText([{ text: '  Short text.  ', page: null }], { size: 1500, overlap: 100 })).toEqual([
      { content: 'Short text.', page: null },
    ]);
  });

  it('cuts at most `size` characters, at word boundaries, repeating about `overlap` of the one before', () => {
    const text = words(2000);
    const chunks = chunkText([{ text, page: null }], { size: 500, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(20);
    for (const c of chunks) {
      expect(c.content.length).toBeLessThanOrEqual(500);
      // Whole words only: each chunk starts and ends on one of the text's words.
      expect(c.content).toMatch(/^w\d+( w\d+)*$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const before = chunks[i - 1]!.content.split(' ');
      const first = chunks[i]!.content.split(' ')[0]!;
      // The next chunk starts inside the previous one's last 100 characters.
      expect(before.slice(-20)).toContain(first);
    }
    // Nothing is lost: the last word is in the last chunk.
    expect(chunks.at(-1)!.content.endsWith('w1999')).toBe(true);
  });

  it('prefers a paragraph break to a sentence, and a sentence to a word', () => {
    const para = `${'a'.repeat(300)}.\n\n${'b'.repeat(300)}. ${'c'.repeat(300)}`;
    const [first] = chunkText([{ text: para, page: null }], { size: 500, overlap: 0 });
    expect(first?.content).toBe(`${'a'.repeat(300)}.`);
    const sentence = `${'a'.repeat(300)}. ${'b'.repeat(150)} ${'c'.repeat(150)}`;
    const [one] = chunkText([{ text: sentence, page: null }], { size: 500, overlap: 0 });
    expect(one?.content).toBe(`${'a'.repeat(300)}.`);
  });

  it('never lets a chunk span two pages', () => {
    const chunks = chunkText(
      [
        { text: 'Page one text.', page: 1 },
        { text: 'Page two text.', page: 2 },
      ],
      { size: 1500, overlap: 100 },
    );
    expect(chunks).toEqual([
      { content: 'Page one text.', page: 1 },
      { content: 'Page two text.', page: 2 },
    ]);
  });

  it('cuts a text without spaces at the size, and holds the overlap under half a chunk', () => {
    const chunks = chunkText([{ text: 'x'.repeat(1000), page: null }], { size: 400, overlap: 1000 });
    expect(chunks.every((c) => c.content.length <= 400)).toBe(true);
    expect(chunks.length).toBeLessThan(10);
  });
});
