import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_ERROR_TEXTS, type ApiErrorBody, type AuthResponse } from '@chat/contract';
import { users } from '../../db/schema.js';
import { registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { isEmailDomainAllowed } from './index.js';

/**
 * Registration's rules beyond the form: ALLOW_REGISTRATION, librechat.yaml's
 * `registration.allowedDomains`, and where an account came from (the fingerprint sent, the address
 * the server saw behind TRUST_PROXY, never the client's word for it). Every refusal carries the
 * spec's (or LibreChat's) English text in `message`.
 */
const body = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email,
  password: 'compiler-1952',
  confirm_password: 'compiler-1952',
  ...extra,
});

function register(h: Harness, payload: unknown, headers: Record<string, string> = {}) {
  return fetch(`${h.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
}

async function stored(h: Harness, email: string) {
  const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('isEmailDomainAllowed', () => {
  it('allows every domain without a list, else only the listed ones (whole, any case)', () => {
    expect(isEmailDomainAllowed('a@anything.io', {})).toBe(true);
    const config = { allowedDomains: ['example.com', 'Staff.Example.org'] };
    expect(isEmailDomainAllowed('a@example.com', config)).toBe(true);
    expect(isEmailDomainAllowed('a@EXAMPLE.com', config)).toBe(true);
    expect(isEmailDomainAllowed('a@staff.example.org', config)).toBe(true);
    expect(isEmailDomainAllowed('a@sub.example.com', config)).toBe(false);
    expect(isEmailDomainAllowed('a@example.com.evil.io', config)).toBe(false);
    expect(isEmailDomainAllowed('a@other.com', config)).toBe(false);
    expect(isEmailDomainAllowed('no-at-sign', config)).toBe(false);
    expect(isEmailDomainAllowed('a@', {})).toBe(false);
  });
});

describe('registration with allowed domains, behind a trusted proxy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ allowedDomains: ['example.com'], trustProxy: 1 });
  });
  afterAll(() => h.close());

  it("refuses another domain with 403 and LibreChat's text, creating nothing", async () => {
    const res = await register(h, body('grace@navy.mil'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'email_domain_not_allowed',
      message: AUTH_ERROR_TEXTS.emailDomainNotAllowed,
    });
    expect(await h.database.db.select().from(users).where(eq(users.email, 'grace@navy.mil'))).toEqual([]);
  });

  it('stores the fingerprint and the forwarded client address; the reported one only apart', async () => {
    const res = await register(
      h,
      body('grace@example.com', { fingerprint: 'a'.repeat(64), ipAddress: '203.0.113.99' }),
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as AuthResponse;
    expect(JSON.stringify(user)).not.toMatch(/fingerprint|198\.51|203\.0/);
    const row = await stored(h, 'grace@example.com');
    expect(row.fingerprint).toBe('a'.repeat(64));
    expect(row.registrationIp).toBe('198.51.100.7');
    expect(row.reportedIp).toBe('203.0.113.99');
  });

  it('answers a taken address with the registration text and the email_taken code', async () => {
    const res = await register(h, body('GRACE@example.com'));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'email_taken', message: AUTH_ERROR_TEXTS.registerFailed });
  });
});

describe('registration without a trusted proxy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(() => h.close());

  it('records the socket address, not a forged X-Forwarded-For', async () => {
    const res = await register(h, body('ada@example.net'), { 'x-forwarded-for': '198.51.100.7' });
    expect(res.status).toBe(200);
    const row = await stored(h, 'ada@example.net');
    expect(row.registrationIp).toBe('127.0.0.1');
    expect(row.fingerprint).toBeNull();
    expect(row.reportedIp).toBeNull();
  });

  it('refuses a wrong password with the spec text', async () => {
    const u = await registerUser(h.url);
    const res = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: 'not the password' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).message).toBe(AUTH_ERROR_TEXTS.invalidCredentials);
  });
});

describe('ALLOW_REGISTRATION=false', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ registrationEnabled: false });
  });
  afterAll(() => h.close());

  it("refuses with 403 registration_disabled and LibreChat's text", async () => {
    const res = await register(h, body('late@example.com'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'registration_disabled',
      message: AUTH_ERROR_TEXTS.registrationDisabled,
    });
  });
});
