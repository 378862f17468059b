import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser, startTestApp, type Harness } from '../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

it('answers with a CSP without inline scripts, no framing, nosniff and a referrer policy', async () => {
  const res = await fetch(`${h.url}/api/config`);
  expect(res.status).toBe(200);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

it('answers an unknown API route 401 without a token and a JSON 404 with one', async () => {
  expect((await fetch(`${h.url}/api/does-not-exist`)).status).toBe(401);
  const user = await registerUser(h.url);
  const res = await fetch(`${h.url}/api/does-not-exist`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(404);
  expect(((await res.json()) as { code: string }).code).toBe('not_found');
});

it('sends the security headers on every kind of answer: 200, 401, 404, 400 from the router, 413', async () => {
  const user = await registerUser(h.url);
  const auth = { authorization: `Bearer ${user.token}` };
  const answers = [
    await fetch(`${h.url}/api/config`),
    await fetch(`${h.url}/api/convos`),
    await fetch(`${h.url}/api/nope`, { headers: auth }),
    await fetch(`${h.url}/api/convos/%ff`, { headers: auth }),
    await fetch(`${h.url}/api/convos/${'x'.repeat(300)}`, { headers: auth }),
    await fetch(`${h.url}/api/convos/update`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'y'.repeat(1024 * 1024) }),
    }),
  ];
  expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400, 400, 413]);
  for (const res of answers) {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control'), `${res.status} ${res.url}`.slice(0, 80)).toBe('no-store');
  }
});

it('keeps every answer with a token or personal data out of caches (Cache-Control: no-store)', async () => {
  const json = { 'content-type': 'application/json' };
  const password = 'password123';
  const email = 'stored@example.com';
  const register = await fetch(`${h.url}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Stored', email, password, confirm_password: password }),
  });
  const login = await fetch(`${h.url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('refreshToken='))!
    .split(';')[0]!;
  const refresh = await fetch(`${h.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
  const auth = { authorization: `Bearer ${token}` };
  const answers = {
    register,
    login,
    refresh,
    profile: await fetch(`${h.url}/api/user`, { headers: auth }),
    balance: await fetch(`${h.url}/api/balance`, { headers: auth }),
    conversations: await fetch(`${h.url}/api/convos`, { headers: auth }),
    'a refused login': await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'wrong-password' }),
    }),
    'no token': await fetch(`${h.url}/api/user`),
    'public config': await fetch(`${h.url}/api/config`),
  };
  expect(Object.values(answers).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 401, 401, 200]);
  for (const [name, res] of Object.entries(answers)) {
    expect(res.headers.get('cache-control'), name).toBe('no-store');
  }
});

it('marks the refresh cookie httpOnly and SameSite=Strict, without Secure over plain http', async () => {
  const res = await fetch(`${h.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Plain',
      email: 'plain@example.com',
      password: 'password123',
      confirm_password: 'password123',
    }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='))!;
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Strict/);
  expect(cookie).not.toMatch(/Secure/);
  expect(res.headers.get('strict-transport-security')).toBeNull();
});

it('behind https (DOMAIN_SERVER=https://…) sets Secure on every cookie and sends HSTS', async () => {
  const secure = await startTestApp({ secureCookies: true });
  try {
    const user = await registerUser(secure.url);
    const refresh = await fetch(`${secure.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    const logout = await fetch(`${secure.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    const login = await fetch(`${secure.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    for (const res of [refresh, logout, login]) {
      for (const cookie of res.headers.getSetCookie()) {
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/SameSite=Strict/);
        // The session hint is for script to read and holds no secret; the refresh token is hidden.
        if (cookie.startsWith('refreshToken=')) expect(cookie).toMatch(/HttpOnly/);
      }
    }
    expect(login.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'refreshToken',
      'session_hint',
    ]);
    expect(login.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  } finally {
    await secure.close();
  }
});

it("lets images load from the operator's endpoint icon origins only (https)", async () => {
  const icons = await startTestApp({
    endpoints: [
      {
        name: 'Mistral',
        type: 'custom',
        apiKey: 'k',
        baseURL: 'https://api.mistral.example/v1',
        models: ['m'],
        titleModel: undefined,
        label: undefined,
        userProvide: false,
        isDemo: false,
        iconURL: 'https://cdn.example.com/icons/mistral.png',
      },
      {
        name: 'plain',
        type: 'custom',
        apiKey: 'k',
        baseURL: 'https://plain.example/v1',
        models: ['m'],
        titleModel: undefined,
        label: undefined,
        userProvide: false,
        isDemo: false,
        iconURL: 'http://insecure.example/icon.png',
      },
    ],
  });
  try {
    const csp = (await fetch(`${icons.url}/api/config`)).headers.get('content-security-policy') ?? '';
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(imgSrc.split(' ')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
  } finally {
    await icons.close();
  }
});
