import { describe, expect, it } from 'vitest';
import { APICallError, JSONParseError, RetryError, TypeValidationError } from 'ai';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createErrorSerializer } from './log-errors.js';

/**
 * The shapes of the errors our libraries raise, each carrying a value that must not reach a log.
 * The end-to-end proof (a real app, each error class provoked) is security/log-secrets.test.ts.
 */
const SECRET = 'the-users-own-words-4711';
const serialize = createErrorSerializer(() => ['sk-configured-key-0123456789']);
const asJson = (err: unknown) => JSON.stringify(serialize(err));

function driverError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { name: 'error', ...fields });
}

describe('the error serializer', () => {
  it('keeps the query text and the SQLSTATE fields of a refused row, not its values', () => {
    const cause = driverError('new row for relation "messages" violates check constraint "c1"', {
      code: '23514',
      severity: 'ERROR',
      constraint: 'c1',
      table: 'messages',
      schema: 'public',
      detail: `Failing row contains (1, ${SECRET}).`,
      where: `SQL statement "${SECRET}"`,
      internalQuery: SECRET,
    });
    const err = new DrizzleQueryError('insert into "messages" ("text") values ($1)', [SECRET], cause);
    const out = serialize(err) as Record<string, unknown>;
    expect(asJson(err)).not.toContain(SECRET);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into "messages" ("text") values ($1)',
      cause: { code: '23514', constraint: 'c1', table: 'messages', schema: 'public' },
    });
    expect(String(out.stack)).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
  });

  it('withholds the value quoted by a data exception (SQLSTATE class 22)', () => {
    const err = driverError(`invalid input syntax for type uuid: "${SECRET}"`, { code: '22P02' });
    expect(serialize(err)).toMatchObject({ message: 'invalid input syntax for type uuid: "[value]"' });
  });

  it("drops the AI SDK's prompt, response body and headers, keeping status and URL path", () => {
    const err = new APICallError({
      message: 'Bad request',
      url: 'https://generativelanguage.googleapis.com/v1/models?key=AIzaSyA-0123456789abcdefghijkl',
      requestBodyValues: { messages: [{ role: 'user', content: SECRET }] },
      statusCode: 400,
      responseHeaders: { 'set-cookie': SECRET },
      responseBody: JSON.stringify({ error: { message: SECRET } }),
      data: { echoed: SECRET },
    });
    const json = asJson(err);
    expect(json).not.toContain(SECRET);
    expect(json).not.toContain('AIzaSy');
    expect(serialize(err)).toMatchObject({
      type: 'AI_APICallError',
      statusCode: 400,
      isRetryable: false,
      url: 'https://generativelanguage.googleapis.com/v1/models?[Redacted]',
    });
  });

  it('cuts the value out of validation and parse errors, and walks retry errors', () => {
    const invalid = new TypeValidationError({ value: { text: SECRET }, cause: new Error('bad type') });
    const unparsable = new JSONParseError({ text: `{"text":"${SECRET}`, cause: new Error('bad json') });
    const retry = new RetryError({
      message: 'Failed after 2 attempts',
      reason: 'maxRetriesExceeded',
      errors: [invalid, unparsable],
    });
    expect(asJson(retry)).not.toContain(SECRET);
    expect(serialize(retry)).toMatchObject({
      reason: 'maxRetriesExceeded',
      errors: [{ message: 'Type validation failed' }, { message: 'JSON parsing failed' }],
    });
  });

  it('removes configured keys and secret-looking strings from any message, and unknown fields', () => {
    const err = Object.assign(
      new Error(
        'failed: sk-configured-key-0123456789, Authorization: Bearer abc.def, ' +
          'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln, $argon2id$v=19$m=1,t=2,p=1$salt$hash',
      ),
      { config: { headers: { authorization: SECRET } }, body: SECRET, password: SECRET },
    );
    const json = asJson(err);
    for (const leak of [SECRET, 'sk-configured', 'abc.def', 'eyJ', '$argon2']) {
      expect(json).not.toContain(leak);
    }
  });

  it('stops at a cycle of causes and passes non-errors through', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(() => JSON.stringify(serialize(a))).not.toThrow();
    expect(serialize(42)).toBe(42);
  });
});
