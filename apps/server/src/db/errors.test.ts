import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseError, isDatabaseUnavailable, isTransientDatabaseError } from './errors.js';

const withCode = (code: string, message = 'failed', severity?: string) =>
  Object.assign(new Error(message), { code, ...(severity ? { severity } : {}) });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    [
      'admin shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command', 'FATAL'),
    ],
    [
      'a server starting or stopping (57P03)',
      withCode('57P03', 'the database system is shutting down', 'FATAL'),
    ],
    ['a connection exception (08006)', withCode('08006', 'connection failure', 'FATAL')],
    ['too many connections (53300)', withCode('53300', 'sorry, too many clients already', 'FATAL')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ["the pool's timeout", new Error('timeout exceeded when trying to connect')],
    ['a closed embedded store', new Error('PGlite is closed')],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ["inside Drizzle's wrapper", new DrizzleQueryError('select 1', [], withCode('57P01', 'x', 'FATAL'))],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseError(err)).toBe(true);
  });

  it('is not a statement of its own failing, nor a program error', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key', 'ERROR'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('53100', 'disk full', 'ERROR'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'connect' }))).toBe(true);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isDatabaseError', () => {
  it("is a statement's failure (a SQLSTATE with a severity, or Drizzle's wrapper)", () => {
    expect(isDatabaseError(withCode('53100', 'disk full', 'ERROR'))).toBe(true);
    expect(isDatabaseError(new DrizzleQueryError('update', [], new Error('boom')))).toBe(true);
  });

  it("is not the program's own error", () => {
    expect(isDatabaseError(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseError(withCode('ERR_INVALID_ARG_TYPE', 'bad arg'))).toBe(false);
    expect(isDatabaseError('a string')).toBe(false);
  });
});

describe('isTransientDatabaseError', () => {
  it.each([
    ['the database not answering', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a disk full (53100)', withCode('53100', 'could not extend file', 'ERROR')],
    ['a serialization failure (40001)', withCode('40001', 'could not serialize access', 'ERROR')],
    ['a deadlock (40P01)', withCode('40P01', 'deadlock detected', 'ERROR')],
    ['an I/O error (58030)', withCode('58030', 'could not read block', 'ERROR')],
    [
      'a statement timeout (57014)',
      withCode('57014', 'canceling statement due to statement timeout', 'ERROR'),
    ],
    [
      "inside Drizzle's wrapper",
      new DrizzleQueryError('update', [], withCode('53100', 'disk full', 'ERROR')),
    ],
  ])('%s is worth waiting out', (_name, err) => {
    expect(isTransientDatabaseError(err)).toBe(true);
  });

  it('is not a statement refused for what it holds, nor a program error', () => {
    expect(isTransientDatabaseError(withCode('23514', 'violates check constraint', 'ERROR'))).toBe(false);
    expect(isTransientDatabaseError(withCode('23505', 'duplicate key', 'ERROR'))).toBe(false);
    expect(isTransientDatabaseError(withCode('22001', 'value too long', 'ERROR'))).toBe(false);
    expect(isTransientDatabaseError(new TypeError('x is undefined'))).toBe(false);
  });
});
