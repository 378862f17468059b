import { describe, expect, it } from 'vitest';
import { findUnstorable, isStorable, toStorable } from './storable.js';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps valid pairs and everything else', () => {
    for (const ok of ['', 'plain', '😀', 'a😀b', '\uFFFD', '\u0001\u001f', 'é中文']) {
      expect(isStorable(ok), JSON.stringify(ok)).toBe(true);
      expect(toStorable(ok)).toBe(ok);
    }
    expect(toStorable('a\u0000b')).toBe('a\uFFFDb');
    expect(toStorable('\uD800')).toBe('\uFFFD');
    expect(toStorable('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(toStorable('\uD83D\uD83D\uDE00')).toBe('\uFFFD😀');
    expect(toStorable('x\uDE00')).toBe('x\uFFFD');
  });

  it('finds the first bad string or key anywhere in a parsed body, by path', () => {
    expect(findUnstorable({ a: 'ok', b: [1, 'x', { c: true }] })).toBeUndefined();
    expect(findUnstorable({ a: 'ok', arg: { title: 'a\u0000' } })).toEqual(['arg', 'title']);
    expect(findUnstorable({ list: ['fine', '\uD800'] })).toEqual(['list', '1']);
    expect(findUnstorable({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnstorable('\uDFFF')).toEqual([]);
    expect(findUnstorable(null)).toBeUndefined();
  });

  it('walks bodies nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)?.length).toBe(100_000);
    const parsed: unknown = JSON.parse(`${'['.repeat(100_000)}"ok"${']'.repeat(100_000)}`);
    expect(findUnstorable(parsed)).toBeUndefined();
  });
});
