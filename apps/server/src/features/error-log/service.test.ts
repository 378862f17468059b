import { describe, expect, it, vi } from 'vitest';
import type { ErrorLogEntry, Retention } from './repo.js';
import { createErrorLog } from './service.js';

const failure = {
  userId: '00000000-0000-4000-8000-000000000001',
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  conversationId: 'c1',
  messageId: 'm1',
  text: 'Hello',
  code: 'upstream_error',
  message: 'The provider request failed',
  source: 'provider' as const,
};

function setup(insert: (e: ErrorLogEntry) => Promise<void>, pruneEvery = 100) {
  const warn = vi.fn();
  const prune = vi.fn<(r: Retention, now: Date) => Promise<void>>(() => Promise.resolve());
  const log = createErrorLog({
    repo: { insert, prune },
    secrets: () => ['configured-secret-value'],
    log: { warn } as never,
    clock: () => 0,
    retention: { maxRows: 10, maxAgeDays: 1, pruneEvery },
  });
  return { log, warn, prune };
}

describe('the error log writer', () => {
  it('returns at once, before the write starts, and never throws while the database hangs', async () => {
    const insert = vi.fn(() => new Promise<void>(() => undefined));
    const { log } = setup(insert);
    // Nothing to wait for: no promise is handed back, and the write has not even begun.
    expect(log.replyFailed(failure)).toBeUndefined();
    expect(insert).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(insert).toHaveBeenCalledOnce();
  });

  it('swallows a failing write: a warning, nothing thrown, nothing rejected', async () => {
    const { log, warn } = setup(() => Promise.reject(new Error('connection lost')));
    expect(() => log.replyFailed(failure)).not.toThrow();
    await log.settled();
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'error log: a record could not be written');
  });

  it('swallows an insert that throws synchronously', async () => {
    const { log, warn } = setup(() => {
      throw new Error('no pool');
    });
    expect(() => log.replyFailed(failure)).not.toThrow();
    await log.settled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('drops records past 100 pending writes instead of piling them up', async () => {
    const { log, warn } = setup(() => new Promise<void>(() => undefined));
    for (let i = 0; i < 105; i++) log.replyFailed(failure);
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('redacts and cuts what it writes; a server error keeps its type and stack', async () => {
    const written: ErrorLogEntry[] = [];
    const { log } = setup(async (e) => void written.push(e));
    log.replyFailed({ ...failure, text: `key configured-secret-value ${'x'.repeat(5000)}` });
    const err = new TypeError('bad configured-secret-value here');
    log.serverFailed({ route: 'GET /api/x', userId: undefined, code: 'internal', error: err });
    await log.settled();
    expect(written[0]!.text).toMatch(/^key \[Redacted\] x+…$/);
    expect(written[0]!.text).toHaveLength(2000);
    expect(written[0]).toMatchObject({ errorType: 'provider', errorStack: null, endpoint: 'openAI' });
    expect(written[1]).toMatchObject({
      errorCode: 'internal',
      errorType: 'TypeError',
      errorMessage: 'bad [Redacted] here',
      route: 'GET /api/x',
      userId: null,
    });
    expect(written[1]!.errorStack).toMatch(/^TypeError: bad \[Redacted\] here\n\s+at /);
  });

  it('prunes after every pruneEvery records', async () => {
    const { log, prune } = setup(() => Promise.resolve(), 3);
    for (let i = 0; i < 7; i++) log.replyFailed(failure);
    await log.settled();
    expect(prune).toHaveBeenCalledTimes(2);
    expect(prune).toHaveBeenCalledWith({ maxRows: 10, maxAgeDays: 1, pruneEvery: 3 }, new Date(0));
  });

  it('a reply the server failed to save keeps the exception’s type and stack', async () => {
    const written: ErrorLogEntry[] = [];
    const { log } = setup(async (e) => void written.push(e));
    const error = new RangeError('save failed');
    log.replyFailed({
      ...failure,
      code: 'internal',
      message: 'The reply could not be saved',
      source: 'server',
      error,
    });
    await log.settled();
    expect(written[0]).toMatchObject({
      errorCode: 'internal',
      errorType: 'RangeError',
      conversationId: 'c1',
    });
    expect(written[0]!.errorStack).toMatch(/^RangeError: save failed\n\s+at /);
  });
});
