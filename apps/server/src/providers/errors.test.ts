import { describe, expect, it } from 'vitest';
import { JSONParseError } from 'ai';
import { mapProviderError, retryAfterSeconds } from './errors.js';

describe('provider error mapping', () => {
  it('reads retry-after as seconds or an HTTP date', () => {
    expect(retryAfterSeconds({ 'retry-after': '1' })).toBe(1);
    expect(retryAfterSeconds({ 'retry-after': '2.5' })).toBe(3);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterSeconds({ 'retry-after': inTenSeconds })).toBeGreaterThanOrEqual(9);
    expect(retryAfterSeconds({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });

  it('maps a malformed chunk and an in-stream error object to upstream_error', () => {
    const parse = new JSONParseError({ text: '{"id', cause: new SyntaxError('Unexpected end') });
    expect(mapProviderError(parse)).toEqual({
      code: 'upstream_error',
      message: 'The provider sent a malformed reply',
    });
    expect(mapProviderError({ message: 'The model is overloaded', type: 'server_error' })).toEqual({
      code: 'upstream_error',
      message: 'The model is overloaded',
    });
  });
});
