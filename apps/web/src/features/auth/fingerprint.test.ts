import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceFingerprint, fingerprintParts, hashParts } from './fingerprint';

afterEach(() => vi.restoreAllMocks());

describe('device fingerprint', () => {
  it('hashes canvas, user agent, language, screen size and timezone offset with SHA-256', async () => {
    const parts = {
      canvas: 'data:image/png;base64,AAAA',
      userAgent: 'Mozilla/5.0 Test',
      language: 'en-US',
      screen: '1920x1080',
      timezoneOffset: -60,
    };
    const expected = createHash('sha256')
      .update('data:image/png;base64,AAAA\nMozilla/5.0 Test\nen-US\n1920x1080\n-60')
      .digest('hex');
    expect(await hashParts(parts)).toBe(expected);
    // Each part counts.
    for (const change of [
      { canvas: 'x' },
      { language: 'de-DE' },
      { screen: '800x600' },
      { timezoneOffset: 0 },
    ]) {
      expect(await hashParts({ ...parts, ...change })).not.toBe(expected);
    }
  });

  it("reads the browser's values, and the canvas drawing when there is a 2D context", () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const parts = fingerprintParts();
    expect(parts).toMatchObject({
      canvas: '',
      userAgent: navigator.userAgent,
      language: navigator.language,
      screen: `${screen.width}x${screen.height}`,
      timezoneOffset: new Date().getTimezoneOffset(),
    });
  });

  it('is the hash of the current parts, 64 hex digits; none without Web Crypto', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const print = await deviceFingerprint();
    expect(print).toMatch(/^[0-9a-f]{64}$/);
    expect(print).toBe(await hashParts(fingerprintParts()));
    vi.spyOn(crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto);
    expect(await deviceFingerprint()).toBeUndefined();
  });
});
