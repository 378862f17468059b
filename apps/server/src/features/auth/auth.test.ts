import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { ApiErrorBody, AuthResponse } from '@chat/contract';
import { refreshCookieOf, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { backdateRotations } from '../../../test/support/sessions.js';

let h: Harness;
beforeAll(async () => {
  h = await startTestApp({ loginRateLimit: { max: 3, windowMs: 60_000 } });
});
afterAll(() => h.close());

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('register', () => {
  it('creates the user, answers { token, user } and sets an httpOnly refresh cookie', async () => {
    const res = await post('/api/auth/register', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical1',
      confirm_password: 'analytical1',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AuthResponse & Record<string, unknown>;
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^refreshToken=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('rejects a taken e-mail (any case) with 409 email_taken', async () => {
    const res = await post('/api/auth/register', {
      name: 'Ada Again',
      email: 'ADA@example.com',
      password: 'analytical1',
      confirm_password: 'analytical1',
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).code).toBe('email_taken');
  });

  it.each([
    [{ name: 'Al' }, 'com_auth_name_min_length'],
    [{ email: 'not-an-email' }, 'com_auth_email_pattern'],
    [{ password: 'short', confirm_password: 'short' }, 'com_auth_password_min_length'],
    [{ confirm_password: 'different1' }, 'com_auth_password_not_match'],
  ])('validates %o with the spec message key %s', async (patch, key) => {
    const res = await post('/api/auth/register', {
      name: 'Valid Name',
      email: 'valid@example.com',
      password: 'password123',
      confirm_password: 'password123',
      ...patch,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.code).toBe('validation_error');
    expect(body.issues?.map((i) => i.key)).toContain(key);
  });

  it('answers 400, not 500, to a malformed body', async () => {
    const res = await fetch(`${h.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
  });
});

describe('login, refresh, logout', () => {
  it('logs in with the right password and refuses a wrong one with invalid_credentials', async () => {
    const u = await registerUser(h.url);
    const ok = await post('/api/auth/login', { email: u.email, password: u.password });
    expect(ok.status).toBe(200);
    const bad = await post('/api/auth/login', { email: u.email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as ApiErrorBody).code).toBe('invalid_credentials');
  });

  it('rotates the refresh token; reusing an old one revokes the whole family', async () => {
    const u = await registerUser(h.url);
    const r1 = await post('/api/auth/refresh', undefined, { cookie: u.cookie });
    expect(r1.status).toBe(200);
    const c1 = refreshCookieOf(r1);
    expect(c1).not.toBe(u.cookie);
    const body = (await r1.json()) as AuthResponse;
    expect(body.user.id).toBe(u.user.id);

    // The first cookie was rotated away: using it again, past the grace window, is reuse.
    await backdateRotations(h, u.user.id);
    const reuse = await post('/api/auth/refresh', undefined, { cookie: u.cookie });
    expect(reuse.status).toBe(401);
    // ...and the stolen family is dead, including the newest token.
    const after = await post('/api/auth/refresh', undefined, { cookie: c1 });
    expect(after.status).toBe(401);
  });

  it('answers a refresh without a cookie with 204 and no session (nobody signed in, not a refusal)', async () => {
    const res = await post('/api/auth/refresh');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('logout revokes the refresh token', async () => {
    const u = await registerUser(h.url);
    const out = await post('/api/auth/logout', undefined, { cookie: u.cookie });
    expect(out.status).toBe(200);
    // LibreChat's answer: the client goes to `redirect`.
    expect(await out.json()).toEqual({ message: 'Logout successful', redirect: '/login' });
    expect((await post('/api/auth/refresh', undefined, { cookie: u.cookie })).status).toBe(401);
    // The access token of that session ends at once too.
    const me = await fetch(`${h.url}/api/user`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(me.status).toBe(401);
  });

  it('guards /api routes: no token, a forged token, alg none → 401; a good token → 200', async () => {
    const u = await registerUser(h.url);
    expect((await fetch(`${h.url}/api/user`)).status).toBe(401);
    const forged = await new SignJWT({ role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.user.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret-123'));
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: u.user.id, role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 300 }),
    ).toString('base64url')}.`;
    for (const token of [forged, none]) {
      const res = await fetch(`${h.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    }
    const me = await fetch(`${h.url}/api/user`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(u.email);
  });

  it('rate-limits login attempts with 429 login_rate_limited', async () => {
    const statuses: number[] = [];
    let last: ApiErrorBody | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
      statuses.push(res.status);
      if (res.status === 429) last = (await res.json()) as ApiErrorBody;
    }
    expect(statuses).toContain(429);
    expect(last?.code).toBe('login_rate_limited');
  });
});
