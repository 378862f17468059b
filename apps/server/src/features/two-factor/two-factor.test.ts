import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TOTP,
  TWO_FACTOR_LIMITS,
  TWO_FACTOR_TEXTS,
  type ApiErrorBody,
  type AuthResponse,
  type TwoFactorEnableResponse,
  type TwoFactorPending,
  type User,
} from '@chat/contract';
import {
  authed,
  registerUser,
  startTestApp,
  TEST_PASSWORD,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import { twoFactorBackupCodes, twoFactorSecrets } from '../../db/schema.js';
import { totpCode } from './totp.js';

const OPERATOR = 'operator-2fa@example.com';
const STEP_MS = TOTP.periodSeconds * 1000;

let h: Harness;
/** The app's clock: the test moves it on (codes, the temporary token's expiry, the limits' windows). */
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  h = await startTestApp({ adminEmail: OPERATOR }, { clock: now });
});
afterAll(() => h.close());
// Every test from 127.0.0.1: each starts in fresh attempt windows (the per-address limit).
beforeEach(() => {
  offset += TWO_FACTOR_LIMITS.attemptsWindowMs;
});

const post = (path: string, body: unknown) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const login = (email: string, password = TEST_PASSWORD) => post('/api/auth/login', { email, password });

/** A user with two-factor authentication on: its secret and backup codes. */
async function enabledUser(name: string) {
  const user = await registerUser(h.url, name);
  const api = authed(h.url, user.token);
  const started = (await (await api('/api/auth/2fa/enable')).json()) as TwoFactorEnableResponse;
  const confirmed = await api('/api/auth/2fa/confirm', { body: { token: totpCode(started.secret, now()) } });
  expect(confirmed.status).toBe(200);
  return { user, api, ...started };
}

/** The login's pending answer (no session, no cookie). */
async function pendingLogin(email: string): Promise<TwoFactorPending> {
  const res = await login(email);
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie().some((c) => c.startsWith('refreshToken='))).toBe(false);
  const body = (await res.json()) as TwoFactorPending & Partial<AuthResponse>;
  expect(body.twoFAPending).toBe(true);
  expect(body.token).toBeUndefined();
  return body;
}

describe('setting up two-factor authentication', () => {
  let user: TestUser;
  let api: ReturnType<typeof authed>;
  let started: TwoFactorEnableResponse;

  beforeAll(async () => {
    user = await registerUser(h.url, 'Setup Person');
    api = authed(h.url, user.token);
  });

  it('enable answers a Base32 secret, its otpauth URL and ten 8-digit hex backup codes; still off', async () => {
    const res = await api('/api/auth/2fa/enable');
    expect(res.status).toBe(200);
    started = (await res.json()) as TwoFactorEnableResponse;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUrl).toBe(
      `otpauth://totp/OmniChat:${encodeURIComponent(user.email)}?secret=${started.secret}&issuer=OmniChat`,
    );
    expect(started.backupCodes).toHaveLength(TWO_FACTOR_LIMITS.backupCodeCount);
    for (const code of started.backupCodes) expect(code).toMatch(/^[0-9a-f]{8}$/);
    // Not confirmed: login still gives a session.
    expect(((await (await login(user.email)).json()) as AuthResponse).token).toBeTruthy();
  });

  it('keeps the secret sealed and only HMACs of the backup codes', async () => {
    const [row] = await h.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.user.id));
    expect(row!.totpSecret).not.toContain(started.secret);
    expect(row!.totpSecret).toMatch(/^v1\./);
    const codes = await h.database.db
      .select()
      .from(twoFactorBackupCodes)
      .where(eq(twoFactorBackupCodes.userId, user.user.id));
    expect(codes).toHaveLength(TWO_FACTOR_LIMITS.backupCodeCount);
    const stored = JSON.stringify(codes);
    for (const code of started.backupCodes) expect(stored).not.toContain(code);
  });

  it('verify checks a code (400 with LibreChat’s text when wrong) and leaves it usable', async () => {
    const wrong = await api('/api/auth/2fa/verify', { body: { token: '000000' } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.invalidTokenOrBackupCode);
    const code = totpCode(started.secret, now());
    expect((await api('/api/auth/2fa/verify', { body: { token: code } })).status).toBe(200);
    expect((await api('/api/auth/2fa/verify', { body: { token: code } })).status).toBe(200);
  });

  it('confirm refuses a wrong code, then turns it on; the user says so', async () => {
    const wrong = await api('/api/auth/2fa/confirm', { body: { token: '000000' } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.invalidToken);
    const res = await api('/api/auth/2fa/confirm', { body: { token: totpCode(started.secret, now()) } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: User }).user.twoFactorEnabled).toBe(true);
    expect(((await (await api('/api/user')).json()) as User).twoFactorEnabled).toBe(true);
  });

  it('enable again while on is refused (409): a session alone cannot replace the secret', async () => {
    const res = await api('/api/auth/2fa/enable');
    expect(res.status).toBe(409);
  });
});

describe('signing in with two-factor authentication', () => {
  it('login answers the pending step; the temporary token is no access token', async () => {
    const { user } = await enabledUser('Pending Person');
    const pending = await pendingLogin(user.email);
    const asBearer = await authed(h.url, pending.tempToken)('/api/user');
    expect(asBearer.status).toBe(401);
  });

  it('verify-temp: a wrong code is 401 with LibreChat’s text; the right one gives the session', async () => {
    const { user, secret } = await enabledUser('Code Person');
    const pending = await pendingLogin(user.email);
    const wrong = await post('/api/auth/2fa/verify-temp', { tempToken: pending.tempToken, token: '000000' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.invalidLoginCode);
    offset += STEP_MS; // a code not used before
    const ok = await post('/api/auth/2fa/verify-temp', {
      tempToken: pending.tempToken,
      token: totpCode(secret, now()),
    });
    expect(ok.status).toBe(200);
    const session = (await ok.json()) as AuthResponse;
    expect(session.user.email).toBe(user.email);
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('refreshToken='))).toBe(true);
    expect((await authed(h.url, session.token)('/api/user')).status).toBe(200);
  });

  it('a code signs in once: the same code again is refused', async () => {
    const { user, secret } = await enabledUser('Replay Person');
    offset += STEP_MS;
    const code = totpCode(secret, now());
    const first = await pendingLogin(user.email);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: first.tempToken, token: code })).status,
    ).toBe(200);
    const second = await pendingLogin(user.email);
    const again = await post('/api/auth/2fa/verify-temp', { tempToken: second.tempToken, token: code });
    expect(again.status).toBe(401);
  });

  it('codes of the step before and after are accepted, two steps away is not', async () => {
    const { user, secret } = await enabledUser('Drift Person');
    offset += 4 * STEP_MS;
    const tooOld = totpCode(secret, now() - 2 * STEP_MS);
    const late = totpCode(secret, now() + STEP_MS);
    const pending = await pendingLogin(user.email);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: pending.tempToken, token: tooOld })).status,
    ).toBe(401);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: pending.tempToken, token: late })).status,
    ).toBe(200);
  });

  it('a backup code signs in once', async () => {
    const { user, backupCodes } = await enabledUser('Backup Person');
    const code = backupCodes[3]!;
    const first = await pendingLogin(user.email);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: first.tempToken, backupCode: code })).status,
    ).toBe(200);
    const second = await pendingLogin(user.email);
    const again = await post('/api/auth/2fa/verify-temp', { tempToken: second.tempToken, backupCode: code });
    expect(again.status).toBe(401);
  });

  it('the temporary token ends after five minutes', async () => {
    const { user, secret } = await enabledUser('Slow Person');
    const pending = await pendingLogin(user.email);
    offset += TWO_FACTOR_LIMITS.tempTokenSeconds * 1000 + 1000;
    const res = await post('/api/auth/2fa/verify-temp', {
      tempToken: pending.tempToken,
      token: totpCode(secret, now()),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.invalidTempToken);
  });

  it('a missing or forged temporary token gives nothing', async () => {
    expect((await post('/api/auth/2fa/verify-temp', { token: '123456' })).status).toBe(400);
    const forged = await post('/api/auth/2fa/verify-temp', { tempToken: 'a.b.c', token: '123456' });
    expect(forged.status).toBe(401);
  });

  it('attempts are limited per account: past the limit even the right code waits for the window', async () => {
    const { user, secret } = await enabledUser('Guessed Person');
    offset += TWO_FACTOR_LIMITS.attemptsWindowMs; // the confirmation's attempt out of the window
    const pending = await pendingLogin(user.email);
    for (let i = 0; i < TWO_FACTOR_LIMITS.attemptsPerUser; i++) {
      const res = await post('/api/auth/2fa/verify-temp', { tempToken: pending.tempToken, token: '000000' });
      expect(res.status).toBe(401);
    }
    offset += STEP_MS;
    const blocked = await post('/api/auth/2fa/verify-temp', {
      tempToken: pending.tempToken,
      token: totpCode(secret, now()),
    });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.tooManyAttempts);
    offset += TWO_FACTOR_LIMITS.attemptsWindowMs;
    const fresh = await pendingLogin(user.email);
    const ok = await post('/api/auth/2fa/verify-temp', {
      tempToken: fresh.tempToken,
      token: totpCode(secret, now()),
    });
    expect(ok.status).toBe(200);
  });
});

describe('changing two-factor authentication', () => {
  it('regenerate needs a code; the old backup codes end', async () => {
    const { user, api, secret, backupCodes } = await enabledUser('Regen Person');
    expect((await api('/api/auth/2fa/backup/regenerate', { body: {} })).status).toBe(400);
    expect((await api('/api/auth/2fa/backup/regenerate', { body: { token: '000000' } })).status).toBe(401);
    offset += STEP_MS;
    const res = await api('/api/auth/2fa/backup/regenerate', { body: { token: totpCode(secret, now()) } });
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(TWO_FACTOR_LIMITS.backupCodeCount);
    const pending = await pendingLogin(user.email);
    const old = await post('/api/auth/2fa/verify-temp', {
      tempToken: pending.tempToken,
      backupCode: backupCodes[0],
    });
    expect(old.status).toBe(401);
    const ok = await post('/api/auth/2fa/verify-temp', {
      tempToken: pending.tempToken,
      backupCode: fresh[0],
    });
    expect(ok.status).toBe(200);
  });

  it('disable needs a code or backup code; then login gives the session at once', async () => {
    const { user, api, backupCodes } = await enabledUser('Disable Person');
    const none = await api('/api/auth/2fa/disable', { body: {} });
    expect(none.status).toBe(400);
    expect(((await none.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.codeRequired);
    const wrong = await api('/api/auth/2fa/disable', { body: { backupCode: 'deadbeef' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ApiErrorBody).message).toBe(TWO_FACTOR_TEXTS.invalidDisable);
    const res = await api('/api/auth/2fa/disable', { body: { backupCode: backupCodes[9] } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: User }).user.twoFactorEnabled).toBe(false);
    expect(((await (await login(user.email)).json()) as AuthResponse).token).toBeTruthy();
    const [row] = await h.database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.user.id));
    expect(row).toBeUndefined();
  });

  it('the operator resets a second factor; nobody else may', async () => {
    const operator = await registerUser(h.url, 'Operator', OPERATOR);
    const { user } = await enabledUser('Locked Out Person');
    const plain = await registerUser(h.url, 'Plain Person');
    const refused = await authed(h.url, plain.token)('/api/admin/2fa/reset', { body: { email: user.email } });
    expect(refused.status).toBe(403);
    await pendingLogin(user.email);
    const res = await authed(h.url, operator.token)('/api/admin/2fa/reset', { body: { email: user.email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: user.email, passkeysRemoved: 0 });
    expect(((await (await login(user.email)).json()) as AuthResponse).token).toBeTruthy();
    const missing = await authed(h.url, operator.token)('/api/admin/2fa/reset', {
      body: { email: 'nobody@example.com' },
    });
    expect(missing.status).toBe(404);
  });
});
