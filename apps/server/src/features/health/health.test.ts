import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, UNAVAILABLE_TEXTS } from '@chat/contract';
import { buildApp } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { openTestDatabase } from '../../../test/support/database.js';

describe('GET /health and GET /ready', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers both without a token, uncached, naming only the checks', async () => {
    const health = await fetch(`${h.url}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${h.url}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // Without REDIS_URL there is no Redis check.
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', draining: false } });
  });

  it('is not ready while draining, yet still alive', async () => {
    expect(await h.app.lifecycle.shutdown(1000)).toBe(true);
    const ready = await fetch(`${h.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', draining: true },
    });
    const health = await fetch(`${h.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // Everything else is refused meanwhile (the lifecycle's own 503).
    expect((await fetch(`${h.url}/api/config`)).status).toBe(503);
  });
});

describe('GET /ready with the database gone', () => {
  it('answers 503 naming the database, while /health stays 200', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testAppConfig(), db: database.db });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect((await fetch(`${url}/ready`)).status).toBe(200);
      await database.close();
      const ready = await fetch(`${url}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', draining: false },
      });
      expect((await fetch(`${url}/health`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('every route with the database gone', () => {
  it('answers 503 service_unavailable with Retry-After, not 500 internal', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testAppConfig(), db: database.db });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const user = await registerUser(url, 'Outage Reader');
      await database.close();
      for (const res of [
        await authed(url, user.token)('/api/convos'),
        await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        }),
      ]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        expect(await res.json()).toEqual({
          code: 'service_unavailable',
          message: UNAVAILABLE_TEXTS.database,
        });
      }
      // A refresh meanwhile keeps its cookie: the outage signs nobody out.
      const refresh = await fetch(`${url}/api/auth/refresh`, {
        method: 'POST',
        headers: { cookie: user.cookie },
      });
      expect(refresh.status).toBe(503);
      expect(refresh.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(refresh.headers.get('set-cookie')).toBeNull();
    } finally {
      await app.close();
    }
  });
});
