import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiErrorBody } from '@chat/contract';
import { ConfigError, parseEnv } from '../../src/config/env.js';
import { users } from '../../src/db/schema.js';
import { startTestApp, type Harness } from '../support/harness.js';
import { requestFrom } from '../support/source-address.js';

/**
 * Who the client is behind proxies (TRUST_PROXY), over real connections from chosen source
 * addresses with spoofed X-Forwarded-For headers: a proxy that appends to the header leaves what
 * the client wrote at its left, which must never be taken.
 */
const LOGIN_MAX = 3;

/** A registration through `headers` from `localAddress`: the address the server stored. */
async function registeredFrom(
  h: Harness,
  localAddress: string,
  forwardedFor?: string,
): Promise<string | null> {
  const email = `ip-${randomUUID().slice(0, 8)}@example.com`;
  const res = await requestFrom(`${h.url}/api/auth/register`, {
    localAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    body: { name: 'Proxy Test', email, password: 'proxied-pass-1', confirm_password: 'proxied-pass-1' },
  });
  expect(res.status, res.body).toBe(200);
  const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
  return row!.registrationIp;
}

async function startWith(TRUST_PROXY: string): Promise<Harness> {
  const { TRUST_PROXY: trustProxy } = parseEnv({ TRUST_PROXY });
  return startTestApp({ trustProxy, loginRateLimit: { max: LOGIN_MAX, windowMs: 5 * 60_000 } });
}

describe('TRUST_PROXY as read from the environment', () => {
  it('is none, a hop count (true is one hop), or a list of trusted addresses and ranges', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    for (const off of ['false', 'FALSE', '0', 'no', ''])
      expect(parseEnv({ TRUST_PROXY: off }).TRUST_PROXY).toBe(false);
    for (const one of ['true', 'TRUE', '1', 'yes'])
      expect(parseEnv({ TRUST_PROXY: one }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,loopback, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'loopback',
      'fd00::/8',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'maybe' })).toThrow(ConfigError);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1,' })).toThrow(/TRUST_PROXY/);
  });
});

describe('TRUST_PROXY=true: one hop, the proxy that connects', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWith('true');
  });
  afterAll(() => h.close());

  it('takes the entry the proxy appended (the rightmost), not what the client wrote before it', async () => {
    expect(await registeredFrom(h, '127.0.0.1', '203.0.113.66, 198.51.100.20')).toBe('198.51.100.20');
    expect(await registeredFrom(h, '127.0.0.1', '198.51.100.21')).toBe('198.51.100.21');
    expect(await registeredFrom(h, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('so a client cannot dodge the per-address login limit by writing a new address each time', async () => {
    const codes: string[] = [];
    for (let i = 0; i < LOGIN_MAX + 2; i++) {
      const res = await requestFrom(`${h.url}/api/auth/login`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.30` },
        body: { email: 'nobody@example.com', password: `guess ${i}` },
      });
      codes.push(`${res.status} ${(res.json as ApiErrorBody).code}`);
    }
    expect(codes.slice(LOGIN_MAX)).toEqual(Array(2).fill('429 login_rate_limited'));
    // Another client behind the same proxy is another address.
    const other = await requestFrom(`${h.url}/api/auth/login`, {
      headers: { 'x-forwarded-for': '198.51.100.31' },
      body: { email: 'nobody@example.com', password: 'guess' },
    });
    expect(other.status).toBe(401);
  });
});

describe('TRUST_PROXY=2: two proxies in a row', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWith('2');
  });
  afterAll(() => h.close());

  it('skips the two hops from the right; the next entry is the client', async () => {
    expect(await registeredFrom(h, '127.0.0.1', '203.0.113.66, 198.51.100.40, 10.0.0.2')).toBe(
      '198.51.100.40',
    );
    expect(await registeredFrom(h, '127.0.0.1', '198.51.100.41, 10.0.0.2')).toBe('198.51.100.41');
  });
});

describe('TRUST_PROXY=<addresses>: the trusted proxies by address', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWith('127.0.0.2, 10.0.0.0/8');
  });
  afterAll(() => h.close());

  it('skips trusted addresses from the right; a connection from elsewhere is taken as it is', async () => {
    expect(await registeredFrom(h, '127.0.0.2', '203.0.113.66, 198.51.100.50, 10.1.2.3')).toBe(
      '198.51.100.50',
    );
    expect(await registeredFrom(h, '127.0.0.2')).toBe('127.0.0.2');
    // Not a trusted proxy: whatever it writes in the header is not believed.
    expect(await registeredFrom(h, '127.0.0.3', '198.51.100.60')).toBe('127.0.0.3');
  });
});

describe('TRUST_PROXY unset', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWith('');
  });
  afterAll(() => h.close());

  it('takes the connection address and ignores the header', async () => {
    expect(await registeredFrom(h, '127.0.0.4', '198.51.100.70')).toBe('127.0.0.4');
  });
});
