import { describe, expect, it } from 'vitest';
import { firstMatch, matchRanges, searchTerms } from './search.js';
import { searchQuerySchema } from './search-schemas.js';

describe('searchTerms', () => {
  it('lowercases the words of any script, once each, ignoring punctuation and emoji', () => {
    expect(searchTerms("Hello, WORLD! hello it's 🎉 (café) Привет 日本語 gpt-4o")).toEqual([
      'hello',
      'world',
      'it',
      's',
      'café',
      'привет',
      '日本語',
      'gpt',
      '4o',
    ]);
    expect(searchTerms('!!! :* & | \\ 🎉')).toEqual([]);
  });

  it('keeps at most 32 words', () => {
    expect(searchTerms(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '))).toHaveLength(32);
  });
});

describe('matchRanges', () => {
  it('finds terms at the start of words, case-insensitively, merged and sorted', () => {
    expect(matchRanges('Hello hello, say HELLO', ['hello'])).toEqual([
      [0, 5],
      [6, 11],
      [17, 22],
    ]);
    // A prefix of a word matches; the middle of a word does not.
    expect(matchRanges('helicopter shell', ['hel'])).toEqual([[0, 3]]);
    // Overlapping terms merge into one span.
    expect(matchRanges('wombats', ['wom', 'wombat'])).toEqual([[0, 6]]);
    expect(matchRanges('a b', ['b', 'a'])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('works for any script and after punctuation', () => {
    expect(matchRanges('Да, привет!', ['привет'])).toEqual([[4, 10]]);
    expect(matchRanges('(café)', ['café'])).toEqual([[1, 5]]);
  });

  it('finds nothing without terms, and stays bounded', () => {
    expect(matchRanges('anything', [])).toEqual([]);
    expect(matchRanges('anything', [''])).toEqual([]);
    expect(matchRanges('a '.repeat(10_000), ['a'], 50)).toHaveLength(50);
  });

  it('matches on folded text and maps the spans back, even where folding changes the length', () => {
    expect(matchRanges('İstanbul', ['istanbul'])).toEqual([[0, 8]]);
    expect(matchRanges('ILIK ılık Ilık', searchTerms('ılık'))).toEqual([
      [0, 4],
      [5, 9],
      [10, 14],
    ]);
    // Harakat are dropped: the bare word matches the vocalised one, the whole vocalised word is marked.
    expect(matchRanges('قرأت كِتَابًا', searchTerms('كتابا'))).toEqual([[5, 13]]);
    // Full-width Latin (NFKC) and Ё.
    expect(matchRanges('ＡＢＣ Ёлка', searchTerms('abc елка'))).toEqual([
      [0, 3],
      [4, 8],
    ]);
  });

  it('matches Chinese, Japanese and Korean terms anywhere, other terms at word starts', () => {
    expect(matchRanges('我爱北京天安门', searchTerms('北京'))).toEqual([[2, 4]]);
    expect(matchRanges('我爱北京天安门', searchTerms('门'))).toEqual([[6, 7]]);
    expect(matchRanges('東京で日本語を勉強する', searchTerms('日本'))).toEqual([[3, 5]]);
    expect(matchRanges('서울에서 만나요', searchTerms('서울'))).toEqual([[0, 2]]);
    // A Latin word right after CJK text starts a word; inside a Latin word it does not.
    expect(matchRanges('用iPhone拍照 myiphone', searchTerms('iphone'))).toEqual([[1, 7]]);
    // Outside the BMP (surrogate pairs) offsets stay whole characters.
    expect(matchRanges('𠀀𠀁x', searchTerms('𠀁'))).toEqual([[2, 4]]);
  });
});

describe('firstMatch', () => {
  it('is the earliest word start of any term', () => {
    expect(firstMatch('the quick brown fox', ['fox', 'quick'])).toBe(4);
    expect(firstMatch('the quick brown fox', ['uick'])).toBe(-1);
    expect(firstMatch('the quick brown fox', [])).toBe(-1);
  });
});

describe('searchQuerySchema', () => {
  it('trims q, requires 1–200 characters and defaults the page to 1', () => {
    expect(searchQuerySchema.parse({ q: '  hi ' })).toEqual({ q: 'hi', pageNumber: 1 });
    expect(searchQuerySchema.parse({ q: 'hi', pageNumber: '3' }).pageNumber).toBe(3);
    expect(searchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'x', pageNumber: '0' }).success).toBe(false);
  });
});
