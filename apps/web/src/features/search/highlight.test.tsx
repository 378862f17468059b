import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { searchTerms } from '@chat/contract';
import { highlightSegments } from './highlight';
import { Highlighted } from './Highlighted';

afterEach(cleanup);

describe('highlightSegments', () => {
  it('marks word starts of the terms in any case and gives the text back whole', () => {
    const text = 'Hello there, hello WORLD! Othello says hello.';
    const segments = highlightSegments(text, searchTerms('hello world'));
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['Hello', 'hello', 'WORLD', 'hello']);
  });

  it('marks the typed prefix of a word', () => {
    expect(highlightSegments('helicopter', ['heli'])).toEqual([
      { text: 'heli', match: true },
      { text: 'copter', match: false },
    ]);
  });

  it('returns the text as one plain piece without terms or matches', () => {
    expect(highlightSegments('abc', [])).toEqual([{ text: 'abc', match: false }]);
    expect(highlightSegments('abc', ['x'])).toEqual([{ text: 'abc', match: false }]);
    expect(highlightSegments('', ['x'])).toEqual([{ text: '', match: false }]);
  });

  it('treats the query as data: regex characters are ordinary', () => {
    const text = 'a.*b (c) [d] \\e';
    const segments = highlightSegments(text, searchTerms('.* ( [ \\'));
    expect(segments).toEqual([{ text, match: false }]);
    expect(highlightSegments('(c)', searchTerms('(c)')).filter((s) => s.match)).toEqual([
      { text: 'c', match: true },
    ]);
  });
});

describe('<Highlighted>', () => {
  it('renders marks as elements and everything else as text, never as HTML', () => {
    const evil = '<img src=x onerror="alert(1)"> hello <b>bold</b>';
    const { container } = render(
      <p>
        <Highlighted text={evil} terms={['hello', 'img']} />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe(evil);
    expect(p.querySelector('img')).toBeNull();
    expect(p.querySelector('b')).toBeNull();
    expect([...p.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['img', 'hello']);
  });
});
