import { describe, expect, it } from 'vitest';
import { APICallError, JSONParseError } from 'ai';
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

describe('provider error mapping across protocols', () => {
  const apiError = (statusCode: number, body: unknown, headers: Record<string, string> = {}) =>
    new APICallError({
      message: 'failed',
      url: 'http://upstream/x',
      requestBodyValues: {},
      statusCode,
      responseHeaders: headers,
      responseBody: JSON.stringify(body),
    });

  it("reads Gemini's wrong key (400 API_KEY_INVALID) as upstream_auth", () => {
    const body = {
      error: { code: 400, message: 'API key not valid.', details: [{ reason: 'API_KEY_INVALID' }] },
    };
    expect(mapProviderError(apiError(400, body))).toMatchObject({ code: 'upstream_auth' });
  });

  it("tells a passing rate limit (retry-after, Gemini's RetryInfo) from no quota left", () => {
    const gemini429 = (details: unknown[]) => ({ error: { code: 429, message: 'check quota', details } });
    expect(mapProviderError(apiError(429, gemini429([{ retryDelay: '37s' }])))).toMatchObject({
      code: 'upstream_rate_limited',
      message: expect.stringContaining('retry after 37 s'),
    });
    expect(mapProviderError(apiError(429, gemini429([])))).toMatchObject({ code: 'insufficient_quota' });
    const anthropicCredit = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'Your credit balance is too low' },
    };
    expect(mapProviderError(apiError(400, anthropicCredit))).toMatchObject({ code: 'insufficient_quota' });
    expect(mapProviderError(apiError(402, {}))).toMatchObject({ code: 'insufficient_quota' });
  });

  it("keeps a moderating upstream's refusal in its own words as moderation, not a wrong key", () => {
    const words = 'This message was blocked due to upstream moderation. Flagged categories: sexual/minors';
    for (const status of [400, 403]) {
      expect(mapProviderError(apiError(status, { error: { code: status, message: words } }))).toEqual({
        code: 'moderation',
        message: words,
      });
    }
  });

  it("maps Azure's content filter, a too long prompt and Anthropic's overload", () => {
    expect(
      mapProviderError(apiError(400, { error: { code: 'content_filter', message: 'filtered' } })),
    ).toMatchObject({
      code: 'moderation',
    });
    const tooLong = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 3 > 2' },
    };
    expect(mapProviderError(apiError(400, tooLong))).toMatchObject({
      code: 'upstream_error',
      message: 'The conversation is too long for the model: prompt is too long: 3 > 2',
    });
    expect(mapProviderError(apiError(529, {}))).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('codes an in-stream error object by its type or code, never by an inherited key', () => {
    expect(mapProviderError({ type: 'overloaded_error', message: 'Overloaded' })).toEqual({
      code: 'upstream_unavailable',
      message: 'Overloaded',
    });
    expect(
      mapProviderError({ type: 'server_error', code: 'rate_limit_exceeded', message: 'Slow down' }),
    ).toMatchObject({
      code: 'upstream_rate_limited',
    });
    expect(mapProviderError({ type: 'constructor', message: 'odd' })).toMatchObject({
      code: 'upstream_error',
    });
  });
});
