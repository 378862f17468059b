import { describe, expect, it } from 'vitest';
import { excerpt, toTextQuery } from './query.js';

describe('toTextQuery', () => {
  it('keeps the whole text and its space-separated parts that hold a word', () => {
    expect(toTextQuery('  hello   wor ')).toEqual({ text: 'hello   wor', chunks: ['hello', 'wor'] });
    expect(toTextQuery('fish & chips!)')).toEqual({ text: 'fish & chips!)', chunks: ['fish', 'chips!)'] });
    expect(toTextQuery('北京大学 東京')).toEqual({ text: '北京大学 東京', chunks: ['北京大学', '東京'] });
  });

  it('keeps at most 32 parts', () => {
    expect(toTextQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))!.chunks).toHaveLength(32);
  });

  it('removes control characters and lone surrogates', () => {
    expect(toTextQuery('a\u0000b')).toEqual({ text: 'a b', chunks: ['a', 'b'] });
    expect(toTextQuery('x\ud800y')!.text).toBe('x y');
  });

  it('is null without a word', () => {
    for (const q of ['', '   ', '!!!', "'", ':*', '🎉', '\\', '\u0000']) expect(toTextQuery(q)).toBeNull();
  });
});

describe('excerpt', () => {
  const words = (n: number, w = 'lorem') => Array.from({ length: n }, () => w).join(' ');

  it('keeps a short text whole', () => {
    expect(excerpt('short text', ['text'], 600)).toEqual({ text: 'short text', cut: false });
  });

  it('cuts a long text around the first match, at spaces, with ellipses', () => {
    const text = `${words(300)} target here ${words(300)}`;
    const { text: shown, cut } = excerpt(text, ['target'], 600);
    expect(cut).toBe(true);
    expect(shown).toContain('target here');
    expect(shown.startsWith('…lorem ')).toBe(true);
    expect(shown.endsWith('lorem…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(602);
    // The match sits in the first part of the window.
    expect(shown.indexOf('target')).toBeLessThan(200);
  });

  it('starts at the beginning when the match is early or missing', () => {
    const text = `target ${words(300)}`;
    expect(excerpt(text, ['target'], 100).text.startsWith('target ')).toBe(true);
    expect(excerpt(text, ['missing'], 100).text.startsWith('target ')).toBe(true);
    expect(excerpt(text, ['missing'], 100).text.endsWith('…')).toBe(true);
  });

  it('ends at the end when the match is late', () => {
    const text = `${words(300)} target`;
    const { text: shown } = excerpt(text, ['target'], 100);
    expect(shown.endsWith('target')).toBe(true);
    expect(shown.startsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(400);
    const { text: shown } = excerpt(text, [], 101);
    expect(shown.endsWith('😀…')).toBe(true);
    expect([...shown.slice(0, -1)].every((ch) => ch === '😀')).toBe(true);
  });
});
