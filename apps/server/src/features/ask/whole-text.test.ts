import { describe, expect, it } from 'vitest';
import { createReplyText } from './reply-text.js';
import { joinSaved, readSavedStart, wholeText } from './whole-text.js';

/** A reply text of `pieces` pieces whose start up to `savedUpTo` was saved and forgotten. */
function forgotten(pieces: number, savedUpTo: (plain: string) => number) {
  const text = createReplyText();
  let plain = '';
  for (let i = 0; i < pieces; i++) {
    text.append(`p${i} `);
    plain += `p${i} `;
  }
  const upTo = savedUpTo(plain);
  text.forget(upTo);
  return { text, plain, saved: plain.slice(0, upTo) };
}

describe('whole text of a reply whose saved start memory forgot', () => {
  it('is the saved start up to what memory keeps, then the kept rest', async () => {
    const { text, plain, saved } = forgotten(400, (p) => p.length - 20);
    expect(text.keptFrom).toBeGreaterThan(0);
    expect(joinSaved(saved, text)).toBe(plain);
    // A saved row longer than memory's start (a later save) gives the same text.
    expect(joinSaved(plain, text)).toBe(plain);
    expect(await wholeText(text, () => Promise.resolve(saved))).toBe(plain);
  });

  it('is memory alone while nothing is forgotten, without reading the row', async () => {
    const text = createReplyText('abc');
    let reads = 0;
    expect(
      await wholeText(text, () => {
        reads++;
        return Promise.resolve('x');
      }),
    ).toBe('abc');
    expect(reads).toBe(0);
  });

  it('reads the row again while it is shorter than what was forgotten (a read before the commit)', async () => {
    const { text, plain, saved } = forgotten(400, (p) => p.length - 20);
    const answers = [saved.slice(0, 10), saved];
    let reads = 0;
    expect(await readSavedStart(text, () => Promise.resolve(answers[reads++]))).toBe(saved);
    expect(reads).toBe(2);
    expect(joinSaved(saved, text)).toBe(plain);
  });

  it('lets a row changed by something else stand in for the forgotten start', async () => {
    const { text, plain } = forgotten(400, (p) => p.length - 20);
    const edited = 'edited by hand';
    let reads = 0;
    const whole = await wholeText(text, () => {
      reads++;
      return Promise.resolve(edited);
    });
    expect(reads).toBe(3);
    expect(whole).toBe(edited + plain.slice(text.keptFrom));
  });
});
