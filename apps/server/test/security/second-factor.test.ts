import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_LIST, routeKeyOf, type AuthResponse, type TwoFactorEnableResponse } from '@chat/contract';
import { totpCode } from '../../src/features/two-factor/totp.js';
import { authed, registerUser, startTestApp, type Harness, type TestUser } from '../support/harness.js';

/**
 * Two-factor authentication cannot be skipped: every route of the table that can answer a session
 * is walked for an account with it on, with everything that account's owner knows but the code
 * (its password, its e-mail, its pending token), and none answers that account's session. A new
 * route answering a session fails the first test until it gets a probe here. The social and
 * OpenID callbacks (outside /api) are covered in features/oauth/oauth.test.ts.
 */
const OPERATOR = 'operator-walk@example.com';

interface Walk {
  url: string;
  /** The account with two-factor authentication on (its password is TEST_PASSWORD). */
  target: TestUser;
  /** Another signed-in account, without it. */
  other: TestUser;
  /** The operator's session. */
  operator: TestUser;
}

const json = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** What each session route is tried with; the target's session must not come back. */
const PROBES: Record<string, (w: Walk) => Promise<Response>> = {
  'POST /api/auth/login': (w) =>
    json(w.url, '/api/auth/login', { email: w.target.email, password: w.target.password }),
  'POST /api/auth/register': (w) =>
    json(w.url, '/api/auth/register', {
      name: 'Someone Else',
      email: w.target.email,
      password: w.target.password,
      confirm_password: w.target.password,
    }),
  // The login gave no refresh cookie: refreshing without one has nothing to rotate.
  'POST /api/auth/refresh': (w) => fetch(`${w.url}/api/auth/refresh`, { method: 'POST' }),
  'POST /api/auth/2fa/verify-temp': async (w) => {
    const pending = (await (
      await json(w.url, '/api/auth/login', { email: w.target.email, password: w.target.password })
    ).json()) as { tempToken: string };
    return json(w.url, '/api/auth/2fa/verify-temp', { tempToken: pending.tempToken, token: '000000' });
  },
  'POST /api/auth/passkeys/login': async (w) => {
    const options = (await (await json(w.url, '/api/auth/passkeys/login/options', {})).json()) as {
      challengeId: string;
    };
    return json(w.url, '/api/auth/passkeys/login', {
      challengeId: options.challengeId,
      response: { id: 'not-a-credential', type: 'public-key', response: {} },
    });
  },
  // The device's free-tier account is never a password account (and turns no second factor on).
  'POST /api/user/checkFreeTier': (w) =>
    fetch(`${w.url}/api/user/checkFreeTier?fingerprint=${'f'.repeat(64)}`, { method: 'POST' }),
  // The operator's: another user's session gets 403 before anything is read.
  'POST /api/admin/impersonate': (w) =>
    authed(w.url, w.other.token)('/api/admin/impersonate', { body: { email: w.target.email } }),
  'POST /api/admin/endImpersonation': (w) =>
    authed(w.url, w.other.token)('/api/admin/endImpersonation', { method: 'POST' }),
};

let h: Harness;
let walk: Walk;
let sample: AuthResponse;

beforeAll(async () => {
  h = await startTestApp({ adminEmail: OPERATOR });
  const operator = await registerUser(h.url, 'Operator', OPERATOR);
  const target = await registerUser(h.url, 'Two Factor Person');
  const other = await registerUser(h.url, 'Other Person');
  sample = target;
  const api = authed(h.url, target.token);
  const started = (await (await api('/api/auth/2fa/enable')).json()) as TwoFactorEnableResponse;
  const confirmed = await api('/api/auth/2fa/confirm', {
    body: { token: totpCode(started.secret, Date.now()) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status}`);
  walk = { url: h.url, target, other, operator };
});
afterAll(() => h.close());

/** Rows whose reply can be a session: their response schema needs { token, user } and keeps the token. */
function sessionRoutes(): string[] {
  return API_ROUTE_LIST.filter((r) => {
    if (r.stream || r.binary) return false;
    // A reply that takes any object (the OpenAPI document) is no session.
    if (r.response.safeParse({ token: sample.token }).success) return false;
    const parsed = r.response.safeParse({ token: sample.token, user: sample.user });
    return parsed.success && typeof (parsed.data as { token?: unknown } | null)?.token === 'string';
  }).map(routeKeyOf);
}

describe('every route that answers a session asks the second factor', () => {
  it('each session route of the table has a probe here', () => {
    expect(sessionRoutes().sort()).toEqual(Object.keys(PROBES).sort());
  });

  it.each(Object.keys(PROBES))('%s gives no session of the account without its code', async (key) => {
    const res = await PROBES[key]!(walk);
    const text = await res.text();
    const body = (text ? JSON.parse(text) : {}) as Partial<AuthResponse>;
    expect(body.user?.id === walk.target.user.id && typeof body.token === 'string').toBe(false);
    if (body.user?.id === undefined || body.user.id === walk.target.user.id) {
      expect(res.headers.getSetCookie().some((c) => /^refreshToken=[^;]/.test(c))).toBe(false);
    }
  });
});
