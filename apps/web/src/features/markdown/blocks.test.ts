import { describe, expect, it } from 'vitest';
import { splitBlocks } from './blocks';

describe('splitBlocks', () => {
  it('splits paragraphs and headings at blank lines, keeping all text', () => {
    const text = '# Title\n\nFirst para\nstill first.\n\n\nSecond para';
    const blocks = splitBlocks(text);
    expect(blocks).toEqual(['# Title\n\n', 'First para\nstill first.\n\n\n', 'Second para']);
    expect(blocks.join('')).toBe(text);
  });

  it('keeps text without a trailing newline, and a trailing blank run, in the last block', () => {
    expect(splitBlocks('just text')).toEqual(['just text']);
    expect(splitBlocks('a\n\nb\n\n')).toEqual(['a\n\n', 'b\n\n']);
    expect(splitBlocks('')).toEqual(['']);
  });

  it('does not start a block before any content', () => {
    expect(splitBlocks('\n\nfoo\n\nbar')).toEqual(['\n\nfoo\n\n', 'bar']);
  });

  it('never splits inside a fenced code block with blank lines in it', () => {
    const fence = '```js\nconst a = 1;\n\n\nconst b = 2;\n\nfoo();\n```\n';
    expect(splitBlocks(`Intro\n\n${fence}\nAfter`)).toEqual(['Intro\n\n', `${fence}\n`, 'After']);
    const tilde = '~~~~\nx\n\n```\n\ny\n~~~~\n';
    expect(splitBlocks(`${tilde}\nz`)).toEqual([`${tilde}\n`, 'z']);
  });

  it('treats an unclosed fence as running to the end (a streaming code block)', () => {
    expect(splitBlocks('a\n\n```py\nx = 1\n\ny = 2')).toEqual(['a\n\n', '```py\nx = 1\n\ny = 2']);
  });

  it('needs a matching closing fence (same char, at least as long, no info string)', () => {
    const text = '````\n```\n\nstill code\n``` not a close\n\nmore\n````\n\nout';
    expect(splitBlocks(text)).toEqual(['````\n```\n\nstill code\n``` not a close\n\nmore\n````\n\n', 'out']);
  });

  it('keeps list items separated by blank lines (a loose list) together', () => {
    const list = '- one\n\n- two\n\n  more of two\n\n- three\n';
    expect(splitBlocks(`${list}\nAfter`)).toEqual([`${list}\n`, 'After']);
    const ordered = '1. a\n\n2. b\n\n   ```\n   code\n\n   ```\n\n10) c';
    expect(splitBlocks(ordered)).toEqual([ordered]);
  });

  it('keeps indented continuations (list item paragraphs, indented code) with their block', () => {
    expect(splitBlocks('para\n\n    code\n\n    more code\n\nnext')).toEqual([
      'para\n\n    code\n\n    more code\n\n',
      'next',
    ]);
  });

  it('splits around tables', () => {
    const table = '| a | b |\n| - | - |\n| 1 | 2 |\n';
    expect(splitBlocks(`Text\n\n${table}\nEnd`)).toEqual(['Text\n\n', `${table}\n`, 'End']);
  });

  it('does not split text with reference or footnote definitions', () => {
    const text = 'See [x] and [^1].\n\n[x]: https://example.com\n\n[^1]: A note.';
    expect(splitBlocks(text)).toEqual([text]);
  });

  it('does not split after an HTML block, which can span blank lines', () => {
    const text = 'a\n\n<!--\n\ncomment\n\n-->\n\nb';
    expect(splitBlocks(text)).toEqual(['a\n\n', '<!--\n\ncomment\n\n-->\n\nb']);
  });

  it('keeps a $$ display-math block with blank lines in one piece, but not inline $$…$$', () => {
    const math = '$$\na = 1\n\nb = 2\n$$\n';
    expect(splitBlocks(`Intro\n\n${math}\nAfter`)).toEqual(['Intro\n\n', `${math}\n`, 'After']);
    expect(splitBlocks('$$x$$ inline\n\nnext')).toEqual(['$$x$$ inline\n\n', 'next']);
  });
});
