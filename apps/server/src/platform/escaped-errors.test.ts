import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test/support/net.js';
import { escapedErrorListener } from './escaped-errors.js';

describe('escapedErrorListener', () => {
  const setup = () => {
    const log = { error: vi.fn(), fatal: vi.fn() };
    const exit = vi.fn();
    return { log, exit, listen: escapedErrorListener('unhandled rejection', log, exit) };
  };

  it('logs a database error and keeps the process', () => {
    const { log, exit, listen } = setup();
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
    listen(err);
    expect(log.error).toHaveBeenCalledWith({ err }, expect.stringContaining('serving on'));
    expect(exit).not.toHaveBeenCalled();
  });

  it('logs Redis not answering (a command that gave up on reconnecting) and keeps the process', async () => {
    const { log, exit, listen } = setup();
    // A real ioredis client on a port where nothing listens: its command's own error.
    const { Redis } = await import('ioredis');
    const client = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 1,
      retryStrategy: () => 10,
    });
    client.on('error', () => {});
    const err = await client.get('k').catch((e: unknown) => e);
    client.disconnect();
    listen(err);
    expect(log.error).toHaveBeenCalledWith({ err }, expect.stringContaining('serving on'));
    expect(exit).not.toHaveBeenCalled();
  });

  it('logs any other error as fatal and ends the process: a bug is not hidden', () => {
    const { log, exit, listen } = setup();
    const err = new TypeError('reading a property of undefined');
    listen(err);
    expect(log.fatal).toHaveBeenCalledWith({ err }, expect.stringContaining('exiting'));
    expect(exit).toHaveBeenCalledWith(1);
  });
});
