// The session hint travels with the refresh cookie on every path of the auth routes: set with it,
// cleared with it, so a page can tell a visitor (no hint: no refresh call) from a signed-in person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@chat/contract';
import { registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import {
  expectSessionCookiesCleared,
  expectSessionCookiesSet,
  setCookieLine,
} from '../../../test/support/session-cookies.js';

let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

const post = (path: string, init: { body?: unknown; cookie?: string; token?: string } = {}) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('the session hint cookie', () => {
  it('is set by register, login and refresh', async () => {
    const res = await post('/api/auth/register', {
      body: {
        name: 'Hint Person',
        email: 'hint@example.com',
        password: 'password123',
        confirm_password: 'password123',
      },
    });
    expect(res.status).toBe(200);
    expectSessionCookiesSet(res);

    const login = await post('/api/auth/login', {
      body: { email: 'hint@example.com', password: 'password123' },
    });
    expect(login.status).toBe(200);
    expectSessionCookiesSet(login);

    const cookie = setCookieLine(login, 'refreshToken')!.split(';')[0]!;
    const refresh = await post('/api/auth/refresh', { cookie });
    expect(refresh.status).toBe(200);
    expectSessionCookiesSet(refresh);
  });

  it('is cleared by logout and by logging out everywhere', async () => {
    const u = await registerUser(h.url);
    const out = await post('/api/auth/logout', { cookie: u.cookie });
    expect(out.status).toBe(200);
    expectSessionCookiesCleared(out);

    const v = await registerUser(h.url);
    const all = await post('/api/auth/logout/all', { token: v.token, cookie: v.cookie });
    expect(all.status).toBe(200);
    expectSessionCookiesCleared(all);
  });

  it('is cleared by a refused refresh', async () => {
    const u = await registerUser(h.url);
    await post('/api/auth/logout', { cookie: u.cookie });
    const refused = await post('/api/auth/refresh', { cookie: `${u.cookie}; ${SESSION_HINT_COOKIE}=1` });
    expect(refused.status).toBe(401);
    expectSessionCookiesCleared(refused);
  });

  it('a refresh without a refresh cookie answers 204 with no session, and clears a stray hint', async () => {
    const res = await post('/api/auth/refresh', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expectSessionCookiesCleared(res);
    expect((await post('/api/auth/refresh')).status).toBe(204);
  });
});
