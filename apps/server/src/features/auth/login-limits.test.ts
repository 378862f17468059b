import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_ACCOUNT_BACKOFF, LOGIN_RATE_LIMITED_TEXT, type ApiErrorBody } from '@chat/contract';
import { users, violations } from '../../db/schema.js';
import {
  authed,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import { requestFrom } from '../../../test/support/source-address.js';
import { MODERATION_OFF } from '../moderation/index.js';

/**
 * Failed logins are limited by where they come from. Each address below is a real source address
 * of the TCP connection (the loopback network is 127/8), no header involved.
 */
const OPERATOR = 'owner@example.com';
const LOGIN_MAX = 3;

let offset = 0;
const clock = () => Date.now() + offset;
let h: Harness;
/** A login attempt from `address`: its status and error code, if any. */
async function login(address: string, email: string, password: string): Promise<string> {
  const res = await requestFrom(`${h.url}/api/auth/login`, {
    localAddress: address,
    body: { email, password },
  });
  if (res.status === 200) return '200';
  const body = res.json as ApiErrorBody;
  if (body.code === 'login_rate_limited') expect(body.message).toBe(LOGIN_RATE_LIMITED_TEXT);
  return `${res.status} ${body.code}`;
}

const LIMITED = '429 login_rate_limited';
const WRONG = '401 invalid_credentials';

beforeAll(async () => {
  h = await startTestApp(
    {
      adminEmail: OPERATOR,
      loginRateLimit: { max: LOGIN_MAX, windowMs: 5 * 60_000 },
      // Violations ban at once: any login violation would show as a ban.
      moderation: { ...MODERATION_OFF, banViolations: true, banInterval: 1 },
    },
    { clock },
  );
});
afterAll(() => h.close());

/** Moves the clock past every login window. */
function later(): void {
  offset += 6 * 60_000;
}

describe('failed logins', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await registerUser(h.url, 'Owner', OPERATOR);
  });

  it('never ban nor lock out the account a stranger names: its owner signs in from elsewhere, no violation is recorded', async () => {
    later();
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) codes.push(await login('127.0.0.2', OPERATOR, `guess number ${i}`));
    expect(codes.slice(0, LOGIN_MAX)).toEqual(Array(LOGIN_MAX).fill(WRONG));
    expect(codes.slice(LOGIN_MAX).every((c) => c === LIMITED)).toBe(true);

    expect(await login('127.0.0.1', OPERATOR, owner.password)).toBe('200');
    expect((await authed(h.url, owner.token)('/api/user')).status).toBe(200);
    const [row] = await h.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.bannedUntil).toBeNull();
    expect(await h.database.db.select().from(violations).where(eq(violations.userId, owner.user.id))).toEqual(
      [],
    );
  });

  it('are counted per source address: past LOGIN_MAX it is refused for any account, others are not, until the window ends', async () => {
    later();
    const other = await registerUser(h.url, 'Other');
    for (let i = 0; i < LOGIN_MAX; i++)
      expect(await login('127.0.0.3', `nobody${i}@example.com`, 'nope nope')).toBe(WRONG);
    // Even the right password of another account: the address is limited, not an account.
    expect(await login('127.0.0.3', other.email, other.password)).toBe(LIMITED);
    expect(await login('127.0.0.4', other.email, other.password)).toBe('200');
    later();
    expect(await login('127.0.0.3', other.email, other.password)).toBe('200');
  });

  it('successful logins are not counted', async () => {
    later();
    for (let i = 0; i < LOGIN_MAX + 2; i++)
      expect(await login('127.0.0.5', owner.email, owner.password)).toBe('200');
  });
});

describe('one account tried from one address', () => {
  let wide: Harness;
  beforeAll(async () => {
    // A high LOGIN_MAX (many people behind one address): the account's back-off still holds.
    wide = await startTestApp({ loginRateLimit: { max: 100, windowMs: 5 * 60_000 } }, { clock });
  });
  afterAll(() => wide.close());

  it('backs off after a few failures, for that pair only, for a short while', async () => {
    const saved = h;
    h = wide;
    try {
      const target = await registerUser(wide.url, 'Target');
      const bystander = await registerUser(wide.url, 'Bystander');
      for (let i = 0; i < LOGIN_ACCOUNT_BACKOFF.max; i++) {
        expect(await login('127.0.0.6', target.email, `wrong ${i}`)).toBe(WRONG);
      }
      expect(await login('127.0.0.6', target.email, target.password)).toBe(LIMITED);
      expect(await login('127.0.0.6', bystander.email, bystander.password)).toBe('200');
      expect(await login('127.0.0.7', target.email, target.password)).toBe('200');
      offset += LOGIN_ACCOUNT_BACKOFF.windowMs + 1000;
      expect(await login('127.0.0.6', target.email, target.password)).toBe('200');
    } finally {
      h = saved;
    }
  });
});
