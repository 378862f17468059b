import { describe, expect, it } from 'vitest';
import { firstMatch, matchRanges, searchQuerySchema, searchTerms } from './search.js';

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

  it('gives up when lowercasing changes the length (offsets would not line up)', () => {
    expect(matchRanges('İstanbul', ['istanbul'])).toEqual([]);
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
