import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/net.js';
import { killStarted, runToExit } from './processes.js';

/**
 * A server that cannot open its database or reach Redis says so in one line, naming where it
 * looked (never the password) and why, and exits 1: no stack trace for an operator to read through.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'chat-startup-'));
afterAll(() => {
  killStarted();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('start-up without its database or Redis', () => {
  it('exits 1 with one line naming the database (no password) and the reason', async () => {
    const port = await freePort(); // closed again: nothing listens there
    const { code, output } = await runToExit({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://omni:not-to-be-printed@127.0.0.1:${port}/omnichat`,
      OPENAI_API_KEY: 'x',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `The database could not be opened (postgres://omni@127.0.0.1:${port}/omnichat): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(output).not.toContain('not-to-be-printed');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('exits 1 with one line when Redis cannot be reached (no password, no stack)', async () => {
    const port = await freePort();
    const { code, output } = await runToExit({
      DATA_DIR: dataDir,
      REDIS_URL: `redis://:not-to-be-printed@127.0.0.1:${port}`,
      OPENAI_API_KEY: 'x',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^REDIS_URL: cannot connect to Redis \(.+\)$/m);
    expect(output).not.toContain('not-to-be-printed');
    expect(output).not.toMatch(/^\s+at /m);
  });
});
