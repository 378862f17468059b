import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startFakeOidc, type FakeOidcAccount, type FakeOidcServer } from '@chat/fake-upstreams/oidc';
import type { AuthResponse } from '@chat/contract';
import { buildApp, type App } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import type { OAuthConfig, OpenIdClientConfig } from '../../config/oauth-config.js';
import { users } from '../../db/schema.js';
import { Browser } from '../../../test/support/browser.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { registerUser } from '../../../test/support/harness.js';
import { freePort } from '../../../test/support/net.js';

/**
 * LibreChat's OpenID settings beyond the client, over real HTTP against a real OpenID Provider
 * (oidc-provider) that, like Keycloak or Entra, puts the person's claims in the id_token and, for
 * a person given `accessTokenClaims`, issues a JWT access token: the required role, the admin
 * role, the username and name claims, and signing out at the provider.
 */
const CLIENT = { client_id: 'omnichat-roles', client_secret: 'roles-secret-123' };
let origin: string;
let oidc: FakeOidcServer;
let database: TestDatabase;
let app: App;
let openid: OpenIdClientConfig;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  oidc = await startFakeOidc({
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${origin}/oauth/openid/callback`],
        post_logout_redirect_uris: [`${origin}/login`],
      },
    ],
    conformIdTokenClaims: false,
    endSession: true,
  });
  openid = {
    issuer: oidc.issuer,
    clientId: CLIENT.client_id,
    clientSecret: CLIENT.client_secret,
    callbackURL: `${origin}/oauth/openid/callback`,
    scope: 'openid profile email roles',
    label: 'SSO',
    imageUrl: '',
  };
  const oauth: OAuthConfig = {
    enabled: true,
    allowRegistration: true,
    serverOrigin: origin,
    socialLogins: ['openid'],
    openid,
    rateLimit: { max: 10_000, windowMs: 60_000 },
  };
  database = await openTestDatabase();
  app = await buildApp({
    config: testAppConfig({ socialLoginEnabled: true, oauth, clientOrigin: origin }),
    db: database.db,
  });
  await app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await oidc?.close();
});
beforeEach(() => {
  openid.requiredRole = undefined;
  openid.adminRole = undefined;
  openid.usernameClaim = undefined;
  openid.nameClaim = undefined;
  openid.endSession = undefined;
});

let seq = 0;
const person = (over: Partial<FakeOidcAccount> = {}): FakeOidcAccount => {
  seq += 1;
  return {
    sub: `role-sub-${seq}`,
    email: `role.person${seq}@example.com`,
    email_verified: true,
    name: `Role Person ${seq}`,
    ...over,
  };
};

async function signIn(account: FakeOidcAccount): Promise<{ browser: Browser; landed: URL }> {
  oidc.setAccount(account);
  const browser = new Browser();
  const landed = await browser.follow(
    `${origin}/oauth/openid`,
    (u) => u.origin === origin && !u.pathname.startsWith('/oauth/'),
  );
  return { browser, landed };
}

async function sessionOf(browser: Browser): Promise<AuthResponse> {
  const token = browser.cookies(origin).get('refreshToken');
  expect(token, 'a refresh cookie').toBeTruthy();
  const res = await fetch(`${origin}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: `refreshToken=${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as AuthResponse;
}

const accountsWith = async (email: string) =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email))
  )[0]!.n;
const where = (u: URL) => `${u.pathname}${u.search}`;

describe('OPENID_REQUIRED_ROLE', () => {
  it('in the id_token at a dotted path: one of the roles lets in, none or no claim refuses, and no account is made', async () => {
    openid.requiredRole = { roles: ['chat-user', 'chat-admin'], tokenKind: 'id', path: 'realm_access.roles' };
    const member = person({ claims: { realm_access: { roles: ['offline', 'chat-admin'] } } });
    const allowed = await signIn(member);
    expect(where(allowed.landed)).toBe('/c/new');
    expect((await sessionOf(allowed.browser)).user.email).toBe(member.email);

    for (const claims of [{ realm_access: { roles: ['offline', 'chat-users'] } }, {}]) {
      const outsider = person({ claims });
      const refused = await signIn(outsider);
      expect(where(refused.landed)).toBe('/login?error=openid_role_missing');
      expect(refused.browser.cookies(origin).has('refreshToken')).toBe(false);
      expect(await accountsWith(outsider.email)).toBe(0);
    }
  });

  it('refuses an account that already exists once its role is gone', async () => {
    openid.requiredRole = { roles: ['chat-user'], tokenKind: 'id', path: 'groups' };
    const member = person({ claims: { groups: ['chat-user'] } });
    expect(where((await signIn(member)).landed)).toBe('/c/new');
    const removed = await signIn({ ...member, claims: { groups: ['alumni'] } });
    expect(where(removed.landed)).toBe('/login?error=openid_role_missing');
  });

  it('compares a single string claim whole', async () => {
    openid.requiredRole = { roles: ['chat-user'], tokenKind: 'id', path: 'roles' };
    expect(where((await signIn(person({ claims: { roles: 'chat-user' } }))).landed)).toBe('/c/new');
    expect(where((await signIn(person({ claims: { roles: 'chat-user-old' } }))).landed)).toBe(
      '/login?error=openid_role_missing',
    );
  });

  it('read from a JWT access token: the access token decides, not the id_token', async () => {
    openid.requiredRole = {
      roles: ['chat-user'],
      tokenKind: 'access',
      path: 'resource_access.omnichat.roles',
    };
    const inAccess = person({
      accessTokenClaims: { resource_access: { omnichat: { roles: ['chat-user'] } } },
    });
    const allowed = await signIn(inAccess);
    expect(where(allowed.landed)).toBe('/c/new');
    // userinfo refuses an access token meant for an API: the id_token's claims still make the account.
    expect((await sessionOf(allowed.browser)).user).toMatchObject({
      email: inAccess.email,
      name: inAccess.name,
    });

    const onlyInId = person({
      claims: { resource_access: { omnichat: { roles: ['chat-user'] } } },
      accessTokenClaims: { resource_access: { omnichat: { roles: ['viewer'] } } },
    });
    expect(where((await signIn(onlyInId)).landed)).toBe('/login?error=openid_role_missing');
    // An opaque access token holds no roles.
    const opaque = person({ claims: { resource_access: { omnichat: { roles: ['chat-user'] } } } });
    expect(where((await signIn(opaque)).landed)).toBe('/login?error=openid_role_missing');
  });
});

describe('OPENID_USERNAME_CLAIM and OPENID_NAME_CLAIM', () => {
  it('take a new account’s username and name from the claims named', async () => {
    openid.usernameClaim = 'upn';
    openid.nameClaim = 'nickname';
    const p = person({ claims: { upn: 'jdoe@corp', nickname: 'Jo', preferred_username: 'ignored' } });
    const { browser } = await signIn(p);
    expect((await sessionOf(browser)).user).toMatchObject({ username: 'jdoe@corp', name: 'Jo' });
  });

  it('default to preferred_username, and to the given and family names when there is no name', async () => {
    const { name: _none, ...p } = person({
      claims: { preferred_username: 'jdoe', given_name: 'Jane', family_name: 'Doe' },
    });
    const { browser } = await signIn(p);
    expect((await sessionOf(browser)).user).toMatchObject({ username: 'jdoe', name: 'Jane Doe' });
  });

  it('default the username to the e-mail address when the provider gives none', async () => {
    const p = person();
    const { browser } = await signIn(p);
    expect((await sessionOf(browser)).user.username).toBe(p.email);
  });
});

describe('OPENID_ADMIN_ROLE', () => {
  it('makes the account an administrator while the token holds the role, and a user once it does not', async () => {
    openid.adminRole = { role: 'chat-admin', tokenKind: 'access', path: 'realm_access.roles' };
    const admin = person({ accessTokenClaims: { realm_access: { roles: ['chat-admin'] } } });
    expect((await sessionOf((await signIn(admin)).browser)).user.role).toBe('ADMIN');
    const demoted = await signIn({ ...admin, accessTokenClaims: { realm_access: { roles: [] } } });
    expect((await sessionOf(demoted.browser)).user.role).toBe('USER');
  });

  it('reads userinfo when asked to, and `true` at the path counts', async () => {
    openid.adminRole = { role: 'chat-admin', tokenKind: 'userinfo', path: 'groups' };
    const a = person({ claims: { groups: ['chat-admin'] } });
    expect((await sessionOf((await signIn(a)).browser)).user.role).toBe('ADMIN');
    openid.adminRole = { role: 'chat-admin', tokenKind: 'id', path: 'realm_access.admin' };
    const b = person({ claims: { realm_access: { admin: true } } });
    expect((await sessionOf((await signIn(b)).browser)).user.role).toBe('ADMIN');
    const c = person({ claims: { realm_access: { admin: 'yes' } } });
    expect((await sessionOf((await signIn(c)).browser)).user.role).toBe('USER');
  });
});

describe('OPENID_USE_END_SESSION_ENDPOINT', () => {
  const logout = async (browser: Browser) => {
    const res = await fetch(`${origin}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: `refreshToken=${browser.cookies(origin).get('refreshToken')}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { redirect: string }).redirect;
  };

  it('sends an account that signs in through the provider on to its end_session_endpoint', async () => {
    openid.endSession = { postLogoutRedirectUri: `${origin}/login` };
    const { browser } = await signIn(person());
    const to = new URL(await logout(browser));
    expect(`${to.origin}${to.pathname}`).toBe(`${oidc.issuer}/session/end`);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      post_logout_redirect_uri: `${origin}/login`,
      client_id: CLIENT.client_id,
    });
    // The provider accepts it: its sign-out page, not an error.
    const page = await browser.get(to.href);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<form/i);
  });

  it('leaves an account without an OpenID identity, and everyone when off, at /login', async () => {
    openid.endSession = { postLogoutRedirectUri: `${origin}/login` };
    const local = await registerUser(origin, 'Local Person', `local.logout${Date.now()}@example.com`);
    const res = await fetch(`${origin}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: local.cookie },
    });
    expect(((await res.json()) as { redirect: string }).redirect).toBe('/login');

    openid.endSession = undefined;
    const { browser } = await signIn(person());
    expect(await logout(browser)).toBe('/login');
  });
});
