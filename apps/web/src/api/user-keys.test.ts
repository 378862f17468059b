import { describe, expect, it } from 'vitest';
import { isKeyValid, recheckDelay } from './user-keys';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

describe('user key validity', () => {
  it('counts a saved key only while its expiry is in the future', () => {
    expect(isKeyValid('2026-03-01T12:00:01.000Z', NOW)).toBe(true);
    expect(isKeyValid('2026-03-01T12:00:00.000Z', NOW)).toBe(false);
    expect(isKeyValid('2026-03-01T11:00:00.000Z', NOW)).toBe(false);
    expect(isKeyValid(null, NOW)).toBe(false);
    expect(isKeyValid(undefined, NOW)).toBe(false);
    expect(isKeyValid('not a date', NOW)).toBe(false);
  });

  it('asks the server again just after the key expires, at most an hour from now', () => {
    const before = NOW - 5 * 60_000;
    expect(recheckDelay('2026-03-01T12:30:00.000Z', before, NOW)).toBe(30 * 60_000 + 1_000);
    expect(recheckDelay('2026-03-08T12:00:00.000Z', before, NOW)).toBe(60 * 60_000);
    // Expired since the answer: ask once more, now.
    expect(recheckDelay('2026-03-01T11:59:59.500Z', before, NOW)).toBe(500);
    expect(recheckDelay('2026-03-01T11:59:00.000Z', before, NOW)).toBe(1);
  });

  it('asks nothing more without a key, or when the answer came after the expiry', () => {
    expect(recheckDelay(null, NOW, NOW)).toBe(false);
    expect(recheckDelay('garbage', NOW, NOW)).toBe(false);
    expect(recheckDelay('2026-03-01T11:59:00.000Z', NOW, NOW)).toBe(false);
  });
});
