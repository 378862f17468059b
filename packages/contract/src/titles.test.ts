import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, DEFAULT_TITLE } from './limits.js';
import { titleFromText } from './titles.js';

describe('titleFromText (a conversation titled by its first message)', () => {
  it('keeps a short first line whole, punctuation included', () => {
    expect(titleFromText('What is the capital of France?')).toBe('What is the capital of France?');
    expect(titleFromText('  Fix   this\tbug!  ')).toBe('Fix this bug!');
  });

  it('uses the first line that has a letter or digit', () => {
    expect(titleFromText('\n\n```\nconst a = 1;\n```')).toBe('const a = 1;');
    expect(titleFromText('---\nSummarise this\nplease')).toBe('Summarise this');
  });

  it('cuts a long line after a whole word and marks the cut', () => {
    const text = 'Why does my question about the migration patterns of emperor penguins in winter fail';
    const title = titleFromText(text);
    expect(title.length).toBeLessThanOrEqual(CHAT_LIMITS.fallbackTitleChars);
    expect(title.endsWith('…')).toBe(true);
    expect(text.startsWith(title.slice(0, -1))).toBe(true);
    expect(text[title.length - 1]).toBe(' '); // the cut fell between two words
  });

  it('cuts a single overlong word, never inside a surrogate pair', () => {
    const word = 'a'.repeat(CHAT_LIMITS.fallbackTitleChars - 2) + '😀😀😀';
    const title = titleFromText(word);
    expect(title.length).toBeLessThanOrEqual(CHAT_LIMITS.fallbackTitleChars);
    expect(title).toMatch(/^a+(😀)*…$/u);
  });

  it('falls back to the default title when nothing is left', () => {
    expect(titleFromText('')).toBe(DEFAULT_TITLE);
    expect(titleFromText('  \n ?! \n')).toBe(DEFAULT_TITLE);
  });
});
