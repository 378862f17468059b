import { describe, expect, it } from 'vitest';
import { seal, unseal } from './seal.js';

const key = Buffer.alloc(32, 1);
const other = Buffer.alloc(32, 2);

describe('sealed keys', () => {
  it('opens with the same key and context, and every sealing differs', () => {
    const a = seal('sk-secret ✓', key, 'u1\nopenAI');
    const b = seal('sk-secret ✓', key, 'u1\nopenAI');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-secret');
    expect(unseal(a, key, 'u1\nopenAI')).toBe('sk-secret ✓');
    expect(unseal(b, key, 'u1\nopenAI')).toBe('sk-secret ✓');
  });

  it("does not open with another key, another user's or endpoint's context, or once tampered", () => {
    const a = seal('sk-secret', key, 'u1\nopenAI');
    expect(unseal(a, other, 'u1\nopenAI')).toBeNull();
    expect(unseal(a, key, 'u2\nopenAI')).toBeNull();
    expect(unseal(a, key, 'u1\nanthropic')).toBeNull();
    const raw = Buffer.from(a.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(unseal(`v1.${raw.toString('base64url')}`, key, 'u1\nopenAI')).toBeNull();
    expect(unseal('v2.abc', key, 'u1\nopenAI')).toBeNull();
    expect(unseal('garbage', key, 'u1\nopenAI')).toBeNull();
  });
});
