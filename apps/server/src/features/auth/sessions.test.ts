import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_TEXTS, type AuthResponse } from '@chat/contract';
import { buildApp } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { refreshCookieOf, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { backdateRotations } from '../../../test/support/sessions.js';

/**
 * Sessions across their life: "sign out everywhere", a restart of the server on
 * the same database, and the answer a deleted account's token gets.
 */
let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

const post = (url: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { method: 'POST', headers });
const me = (url: string, token: string) =>
  fetch(`${url}/api/user`, { headers: { authorization: `Bearer ${token}` } });

async function login(email: string, password: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${h.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return { token: ((await res.json()) as AuthResponse).token, cookie: refreshCookieOf(res) };
}

describe('POST /api/auth/logout/all', () => {
  it("ends every session of the caller at once, this one included, and no one else's", async () => {
    const u = await registerUser(h.url);
    const other = await login(u.email, u.password); // a second device
    const stranger = await registerUser(h.url);
    // Both sessions are live (and cached as live by the guard).
    expect((await me(h.url, u.token)).status).toBe(200);
    expect((await me(h.url, other.token)).status).toBe(200);

    const res = await post(h.url, '/api/auth/logout/all', {
      authorization: `Bearer ${other.token}`,
      cookie: other.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Logout successful', redirect: '/login' });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='))).toMatch(/^refreshToken=;/);

    for (const s of [u, other]) {
      expect((await me(h.url, s.token)).status).toBe(401);
      expect((await post(h.url, '/api/auth/refresh', { cookie: s.cookie })).status).toBe(401);
    }
    expect((await me(h.url, stranger.token)).status).toBe(200);
    expect((await post(h.url, '/api/auth/refresh', { cookie: stranger.cookie })).status).toBe(200);
    // A new login afterwards is a new, live session.
    const again = await login(u.email, u.password);
    expect((await me(h.url, again.token)).status).toBe(200);
  });

  it('needs a token', async () => {
    const res = await post(h.url, '/api/auth/logout/all');
    expect(res.status).toBe(401);
  });
});

describe('a deleted account', () => {
  it('answers its old access token with 403 account_deleted and the spec text', async () => {
    const u = await registerUser(h.url);
    const other = await login(u.email, u.password);
    const del = await fetch(`${h.url}/api/user`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(del.status).toBe(200);
    for (const token of [u.token, other.token]) {
      const res = await me(h.url, token);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'account_deleted', message: AUTH_ERROR_TEXTS.accountDeleted });
    }
    // Its refresh cookie is simply unknown now.
    const refresh = await post(h.url, '/api/auth/refresh', { cookie: other.cookie });
    expect(refresh.status).toBe(401);
  });
});

describe('a restart', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function start() {
    const app = await buildApp({ config: testAppConfig(), db: database.db });
    return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  }

  it('keeps sessions: the refresh cookie and the access token work on the new process', async () => {
    const first = await start();
    const u = await registerUser(first.url);
    const rotated = await post(first.url, '/api/auth/refresh', { cookie: u.cookie });
    expect(rotated.status).toBe(200);
    const cookie = refreshCookieOf(rotated);
    await first.app.close();
    await first.app.lifecycle.drain();

    const second = await start();
    try {
      expect((await me(second.url, u.token)).status).toBe(200);
      const res = await post(second.url, '/api/auth/refresh', { cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as AuthResponse;
      expect(body.user.id).toBe(u.user.id);
      expect((await me(second.url, body.token)).status).toBe(200);
      // Reuse detection survives too: the cookie the first process rotated away, presented past
      // the grace window, revokes the family, the newest token included.
      await backdateRotations({ database } as Harness, u.user.id);
      const reuse = await post(second.url, '/api/auth/refresh', { cookie: u.cookie });
      expect(reuse.status).toBe(401);
      expect((await me(second.url, body.token)).status).toBe(401);
    } finally {
      await second.app.close();
      await second.app.lifecycle.drain();
    }
  });
});
