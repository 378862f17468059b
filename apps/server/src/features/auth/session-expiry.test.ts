// SESSION_EXPIRY and REFRESH_TOKEN_EXPIRY, written as LibreChat's .env writes them (milliseconds,
// arithmetic), set the access token's life, the refresh token's and the cookies' max-age.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { SESSION_HINT_COOKIE, TOKEN_TTL } from '@chat/contract';
import { ConfigError, parseEnv } from '../../config/env.js';
import { buildAppConfig, loadSecrets } from '../../config/app-config.js';
import {
  authed,
  refreshCookieOf,
  registerUser,
  startTestApp,
  type Harness,
} from '../../../test/support/harness.js';
import { setCookieLine } from '../../../test/support/session-cookies.js';

const secrets = loadSecrets(parseEnv({}), mkdtempSync(join(tmpdir(), 'secrets-')), () => {});
const configured = (env: Record<string, string>) => buildAppConfig(parseEnv(env), secrets).sessionExpiry;

let offset = 0;
const clock = () => Date.now() + offset;

const refresh = (url: string, cookie: string) =>
  fetch(`${url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });

/** The token's life as it says itself: exp - iat, in seconds. */
function lifeOf(token: string): number {
  const { exp, iat } = decodeJwt(token);
  return (exp ?? 0) - (iat ?? 0);
}

describe('SESSION_EXPIRY and REFRESH_TOKEN_EXPIRY', () => {
  let h: Harness;
  beforeAll(async () => {
    const sessionExpiry = configured({
      SESSION_EXPIRY: '1000 * 60 * 2',
      REFRESH_TOKEN_EXPIRY: '(1000 * 60) * 10',
    });
    expect(sessionExpiry).toEqual({ accessMs: 120_000, refreshMs: 600_000 });
    h = await startTestApp({ sessionExpiry }, { clock });
  });
  afterAll(() => h.close());

  it('give the access token its life and the session cookies their max-age', async () => {
    const u = await registerUser(h.url);
    expect(lifeOf(u.token)).toBe(120);

    const res = await refresh(h.url, u.cookie);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(lifeOf(token)).toBe(120);
    expect(setCookieLine(res, 'refreshToken')).toMatch(/Max-Age=600(;|$)/);
    expect(setCookieLine(res, SESSION_HINT_COOKIE)).toMatch(/Max-Age=600(;|$)/);
    expect((await authed(h.url, token)('/api/user')).status).toBe(200);
  });

  it('end a refresh token unused for REFRESH_TOKEN_EXPIRY; each refresh starts it again', async () => {
    const u = await registerUser(h.url);
    offset += 8 * 60_000;
    const renewed = await refresh(h.url, u.cookie);
    expect(renewed.status).toBe(200);
    const cookie = refreshCookieOf(renewed);

    offset += 8 * 60_000; // 16 minutes after sign-in, 8 after the refresh: still live
    const again = await refresh(h.url, cookie);
    expect(again.status).toBe(200);
    const last = refreshCookieOf(again);

    offset += 10 * 60_000 + 1000;
    const expired = await refresh(h.url, last);
    expect(expired.status).toBe(401);
  });
});

describe('without them', () => {
  it("keep today's lifetimes (LibreChat's defaults too): 15 minutes and 7 days", async () => {
    expect(configured({})).toEqual({
      accessMs: TOKEN_TTL.accessSeconds * 1000,
      refreshMs: TOKEN_TTL.refreshSeconds * 1000,
    });
    const h = await startTestApp({ sessionExpiry: configured({}) });
    try {
      const res = await fetch(`${h.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Default Life',
          email: 'default-life@example.com',
          password: 'password123',
          confirm_password: 'password123',
        }),
      });
      const { token } = (await res.json()) as { token: string };
      expect(lifeOf(token)).toBe(15 * 60);
      expect(setCookieLine(res, 'refreshToken')).toMatch(/Max-Age=604800(;|$)/);
    } finally {
      await h.close();
    }
  });
});

describe('their format', () => {
  it("reads LibreChat's own example values and plain numbers", () => {
    expect(
      configured({ SESSION_EXPIRY: '1000 * 60 * 15', REFRESH_TOKEN_EXPIRY: '(1000 * 60 * 60 * 24) * 7' }),
    ).toEqual({ accessMs: 900_000, refreshMs: 604_800_000 });
    expect(configured({ SESSION_EXPIRY: '300000', REFRESH_TOKEN_EXPIRY: '' })?.accessMs).toBe(300_000);
  });

  it('refuses what is not milliseconds, out of range, or a refresh shorter than the access token', () => {
    expect(() => parseEnv({ SESSION_EXPIRY: '15m' })).toThrow(/SESSION_EXPIRY: must be milliseconds/);
    expect(() => parseEnv({ SESSION_EXPIRY: 'process.exit()' })).toThrow(/SESSION_EXPIRY/);
    expect(() => parseEnv({ SESSION_EXPIRY: '1000 * (60' })).toThrow(/SESSION_EXPIRY/);
    expect(() => parseEnv({ SESSION_EXPIRY: '1000' })).toThrow(/SESSION_EXPIRY: must be between/);
    expect(() => parseEnv({ REFRESH_TOKEN_EXPIRY: '1000 * 60 * 60 * 24 * 500' })).toThrow(
      /REFRESH_TOKEN_EXPIRY: must be between/,
    );
    expect(() =>
      configured({ SESSION_EXPIRY: '1000 * 60 * 60', REFRESH_TOKEN_EXPIRY: '1000 * 60 * 30' }),
    ).toThrow(ConfigError);
  });
});
