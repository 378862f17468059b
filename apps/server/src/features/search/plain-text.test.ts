import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { markdownToPlainText } from './plain-text.js';

const plain = markdownToPlainText;

describe('markdownToPlainText (what a search hit of a reply shows)', () => {
  it('drops code fences and keeps the code', () => {
    expect(plain('Run:\n\n```python\nprint("hi")\n```\n\nDone.')).toBe('Run:\n\nprint("hi")\n\nDone.');
    expect(plain('~~~\na | b\n~~~')).toBe('a | b');
    // An excerpt may start inside a block: a lone fence is dropped too.
    expect(plain('x = 1\n```\nAfter')).toBe('x = 1\nAfter');
  });

  it('turns a table into rows of cells, without pipes or the delimiter row', () => {
    const table = '| Animal | Home |\n|:---|---:|\n| Quokka | Rottnest **Island** |\n| Kiwi \\| bird | NZ |';
    expect(plain(table)).toBe('Animal · Home\nQuokka · Rottnest Island\nKiwi | bird · NZ');
    expect(plain('a | b\n--- | ---\n1 | 2')).toBe('a · b\n1 · 2');
  });

  it('keeps the words of emphasis, links, images, headings, quotes and lists', () => {
    expect(plain('## Quokka *facts*')).toBe('Quokka facts');
    expect(plain('The **quokka** is a _small_ ~~big~~ marsupial.')).toBe(
      'The quokka is a small big marsupial.',
    );
    expect(plain('See [the wiki](https://example.com/a_(b)) and ![a photo](x.png "t").')).toBe(
      'See the wiki and a photo.',
    );
    expect(plain('Go to <https://example.com>.')).toBe('Go to https://example.com.');
    expect(plain('> quoted\n> > twice')).toBe('quoted\ntwice');
    expect(plain('- one\n* two\n  + three\n1. first\n2) second\n- [x] done')).toBe(
      'one\ntwo\nthree\nfirst\nsecond\ndone',
    );
    expect(plain('Use `npm i` and ``a ` b``.')).toBe('Use npm i and a ` b.');
    expect(plain('Title\n=====\n\nText\n\n---\n\n***\n\nEnd')).toBe('Title\n\nText\n\nEnd');
    expect(plain('[ref]: https://example.com\nSee [it][ref].')).toBe('See it.');
  });

  it('leaves what only looks like syntax as it is', () => {
    expect(plain('snake_case_name and 2 * 3 * 4 and a_b_c')).toBe('snake_case_name and 2 * 3 * 4 and a_b_c');
    expect(plain('Price: 5 | 6 items')).toBe('Price: 5 | 6 items');
    expect(plain('\\*not emphasis\\* and \\# no heading')).toBe('*not emphasis* and # no heading');
    expect(plain('<b>raw html stays text</b>')).toBe('<b>raw html stays text</b>');
  });

  it('gives text without Markdown syntax back as it is', () => {
    // "1) " at the start of a line is an ordered list item in Markdown (CommonMark), so such
    // lines are not "without Markdown syntax".
    const line = fc
      .stringMatching(/^[A-Za-z0-9 ,;:?!'"()]{0,60}$/)
      .filter((l) => !/^\s*\d{1,9}[.)]\s/.test(l));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        const text = lines.join('\n');
        const expected = text
          .split('\n')
          .map((l) => l.trimEnd())
          .join('\n')
          .replace(/\n{3,}/g, '\n\n')
          .trim();
        expect(plain(text)).toBe(expected);
      }),
    );
  });

  it('collapses the blank lines that removed syntax leaves', () => {
    expect(plain('a\n\n\n```\n\n\n```\n\n\nb')).toBe('a\n\nb');
    expect(plain('   ')).toBe('');
  });
});
