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

describe('highlightSegments in other scripts', () => {
  const marks = (text: string, q: string) =>
    highlightSegments(text, searchTerms(q))
      .filter((s) => s.match)
      .map((s) => s.text);

  it('marks Chinese, Japanese and Korean matches inside runs without spaces', () => {
    const text = '我爱北京天安门，北京大学';
    expect(highlightSegments(text, searchTerms('北京'))).toEqual([
      { text: '我爱', match: false },
      { text: '北京', match: true },
      { text: '天安门，', match: false },
      { text: '北京', match: true },
      { text: '大学', match: false },
    ]);
    expect(marks('北京和东京', '京')).toEqual(['京', '京']);
    expect(marks('東京で日本語を勉強しています', '日本 勉強')).toEqual(['日本', '勉強']);
    expect(marks('서울에서 친구를 만났어요', '친구')).toEqual(['친구']);
    // A Latin word after CJK text starts a word; inside a Latin word it does not.
    expect(marks('用iPhone拍照, myiphone', 'iphone')).toEqual(['iPhone']);
  });

  it('marks Arabic words whole with their harakat, and gives the text back unchanged', () => {
    const text = 'قرأت الكِتَابَ الجديد';
    const segments = highlightSegments(text, searchTerms('الكتاب'));
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['الكِتَابَ']);
    expect(marks('أحمد يحب القراءة', 'احمد')).toEqual(['أحمد']);
  });

  it('marks Cyrillic in any case, ё as е, and Turkish i in every spelling', () => {
    expect(marks('ПРИВЕТ, привет! Ёлка', 'привет елка')).toEqual(['ПРИВЕТ', 'привет', 'Ёлка']);
    expect(marks('İSTANBUL ve ILIK, ılık', 'istanbul ılık')).toEqual(['İSTANBUL', 'ILIK', 'ılık']);
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

  it('keeps right-to-left text in order, marking inside it', () => {
    const text = 'كتاب جميل جداً';
    const { container } = render(
      <p dir="auto">
        <Highlighted text={text} terms={searchTerms('جميل')} />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe(text);
    expect([...p.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['جميل']);
  });
});
