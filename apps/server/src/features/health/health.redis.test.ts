import { createServer, connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startTestApp, type Harness } from '../../../test/support/harness.js';

/**
 * GET /ready with REDIS_URL: Redis is reached through a TCP relay the test can cut, so "Redis
 * stops answering" is real (the app's connections drop and cannot come back).
 */
describe('GET /ready with Redis', () => {
  const target = new URL(process.env.TEST_REDIS_URL!);
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const prefix = `t-${randomBytes(5).toString('hex')}:`;
  let h: Harness;

  beforeAll(async () => {
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    if (!address || typeof address === 'string') throw new Error('no relay port');
    h = await startTestApp({ redis: { url: `redis://127.0.0.1:${address.port}`, keyPrefix: prefix } });
  });
  afterAll(async () => {
    await h.close().catch(() => undefined);
    relay.close();
    const raw = new Redis(process.env.TEST_REDIS_URL!);
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length > 0) await raw.del(...keys);
    raw.disconnect();
  });

  it('is ready while Redis answers PING, and 503 naming Redis once it does not', async () => {
    const ready = await fetch(`${h.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok', draining: false },
    });

    relay.close();
    for (const s of sockets) s.destroy();
    const cut = await fetch(`${h.url}/ready`);
    expect(cut.status).toBe(503);
    expect(await cut.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'failed', draining: false },
    });
    expect((await fetch(`${h.url}/health`)).status).toBe(200);
  });
});
