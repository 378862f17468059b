import { freePort } from '../../../test/support/net.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startFakeOidc, type FakeOidcAccount, type FakeOidcServer } from '@chat/fake-upstreams/oidc';
import { startFakeOAuth2, type FakeOAuth2Server } from '@chat/fake-upstreams/oauth';
import { startMailCatcher, type MailCatcher } from '@chat/fake-upstreams/mail';
import { SESSION_HINT_COOKIE, type AuthResponse, type StartupConfig } from '@chat/contract';
import { buildApp, type App } from '../../app.js';
import { type AppConfig } from '../../config/app-config.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import type { OAuthConfig } from '../../config/oauth-config.js';
import { oauthFlows, oauthIdentities, users } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { registerUser } from '../../../test/support/harness.js';
import { Browser } from '../../../test/support/browser.js';

/**
 * Social sign-in over real HTTP: a real OpenID Provider (oidc-provider) through the whole code
 * flow, and fakes of the OAuth 2 providers' token and profile endpoints. A tiny browser
 * (test/support/browser.ts) walks each flow as Chromium would.
 */

const CLIENT = { client_id: 'omnichat', client_secret: 'oidc-secret-123' };
let appPort: number;
let origin: string;
let oidc: FakeOidcServer;
let github: FakeOAuth2Server;
let google: FakeOAuth2Server;
let discord: FakeOAuth2Server;
let facebook: FakeOAuth2Server;
let oauth: OAuthConfig;
let database: TestDatabase;
let app: App;
let appConfig: AppConfig;

const client = (provider: string) => ({
  clientId: `${provider}-id`,
  clientSecret: `${provider}-secret`,
  callbackURL: `${origin}/oauth/${provider}/callback`,
});
const fake = (provider: string, authorizePath: string, tokenPath: string, api: Record<string, unknown>) =>
  startFakeOAuth2({
    clientId: `${provider}-id`,
    clientSecret: `${provider}-secret`,
    authorizePath,
    tokenPath,
    api,
  });

beforeAll(async () => {
  appPort = await freePort();
  origin = `http://127.0.0.1:${appPort}`;
  oidc = await startFakeOidc({
    clients: [{ ...CLIENT, redirect_uris: [`${origin}/oauth/openid/callback`] }],
  });
  github = await fake('github', '/login/oauth/authorize', '/login/oauth/access_token', {});
  google = await fake('google', '/o/oauth2/v2/auth', '/token', {});
  discord = await fake('discord', '/oauth2/authorize', '/api/oauth2/token', {});
  facebook = await fake('facebook', '/v18.0/dialog/oauth', '/v18.0/oauth/access_token', {});
  oauth = {
    enabled: true,
    allowRegistration: true,
    serverOrigin: origin,
    socialLogins: ['openid', 'github', 'google', 'discord', 'facebook'],
    openid: {
      issuer: oidc.issuer,
      clientId: CLIENT.client_id,
      clientSecret: CLIENT.client_secret,
      callbackURL: `${origin}/oauth/openid/callback`,
      scope: 'openid profile email',
      label: 'Company SSO',
      imageUrl: 'https://example.com/sso.png',
    },
    github: client('github'),
    google: client('google'),
    discord: client('discord'),
    facebook: client('facebook'),
    rateLimit: { max: 10_000, windowMs: 60_000 },
    origins: {
      github: github.origin,
      google: google.origin,
      discord: discord.origin,
      facebook: facebook.origin,
    },
  };
  database = await openTestDatabase();
  appConfig = testAppConfig({
    socialLoginEnabled: true,
    oauth,
    clientOrigin: origin,
  });
  app = await buildApp({
    config: appConfig,
    db: database.db,
  });
  await app.listen({ host: '127.0.0.1', port: appPort });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await Promise.all([oidc, github, google, discord, facebook].map((s) => s?.close()));
});
beforeEach(() => {
  oauth.allowRegistration = true;
  appConfig.allowedDomains = undefined;
});

let seq = 0;
const person = (over: Partial<FakeOidcAccount> = {}): FakeOidcAccount => {
  seq += 1;
  return {
    sub: `sub-${seq}`,
    email: `person${seq}@example.com`,
    email_verified: true,
    name: `Person ${seq}`,
    ...over,
  };
};

/** The session the browser's refresh cookie holds, as the web app gets it on load. */
async function sessionOf(browser: Browser): Promise<AuthResponse | undefined> {
  const token = browser.cookies(origin).get('refreshToken');
  if (!token) return undefined;
  const res = await fetch(`${origin}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: `refreshToken=${token}` },
  });
  return res.status === 200 ? ((await res.json()) as AuthResponse) : undefined;
}

async function signIn(provider: string): Promise<{ browser: Browser; landed: URL }> {
  const browser = new Browser();
  const landed = await browser.follow(
    `${origin}/oauth/${provider}`,
    (u) => u.origin === origin && !u.pathname.startsWith('/oauth/'),
  );
  return { browser, landed };
}

const isCallback = (provider: string) => (u: URL) =>
  u.origin === origin && u.pathname === `/oauth/${provider}/callback`;
const countUsers = async () =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('GET /api/config', () => {
  it('reports the social providers, the OpenID label and icon, and the button order', async () => {
    const config = (await (await fetch(`${origin}/api/config`)).json()) as StartupConfig;
    expect(config).toMatchObject({
      socialLoginEnabled: true,
      openidLoginEnabled: true,
      githubLoginEnabled: true,
      googleLoginEnabled: true,
      discordLoginEnabled: true,
      facebookLoginEnabled: true,
      openidLabel: 'Company SSO',
      openidImageUrl: 'https://example.com/sso.png',
      socialLogins: ['openid', 'github', 'google', 'discord', 'facebook'],
    });
  });
});

describe('OpenID Connect against a real OpenID Provider', () => {
  it('starts with state, nonce and PKCE (S256) at the discovered authorization endpoint', async () => {
    const res = await new Browser().get(`${origin}/oauth/openid`);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: CLIENT.client_id,
      redirect_uri: `${origin}/oauth/openid/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(p)).toBeTruthy();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oauth_state='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('signs a new person in at /c/new with a verified account, and the same one next time', async () => {
    const p = person();
    oidc.setAccount(p);
    const first = await signIn('openid');
    expect(first.landed.href).toBe(`${origin}/c/new`);
    // The page it lands on can tell it is signed in (the hint set with the refresh cookie).
    expect(first.browser.cookies(origin).get(SESSION_HINT_COOKIE)).toBe('1');
    const session = await sessionOf(first.browser);
    expect(session?.user).toMatchObject({
      email: p.email,
      name: p.name,
      emailVerified: true,
      provider: 'openid',
    });
    const again = await signIn('openid');
    expect((await sessionOf(again.browser))?.user.id).toBe(session!.user.id);
  });

  it('links an existing account with the same verified address', async () => {
    const local = await registerUser(origin, 'Local Person', `local${Date.now()}@example.com`);
    oidc.setAccount(person({ email: local.email.toUpperCase() }));
    const { landed, browser } = await signIn('openid');
    expect(landed.pathname).toBe('/c/new');
    expect((await sessionOf(browser))?.user.id).toBe(local.user.id);
    const links = await database.db
      .select()
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, local.user.id));
    expect(links.map((l) => l.provider)).toEqual(['openid']);
  });

  it('refuses an address the provider has not verified: no account, no link', async () => {
    const before = await countUsers();
    oidc.setAccount(person({ email_verified: false }));
    const { landed, browser } = await signIn('openid');
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=oauth_email_unverified');
    expect(browser.cookies(origin).has('refreshToken')).toBe(false);
    expect(browser.cookies(origin).has(SESSION_HINT_COOKIE)).toBe(false);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a tampered state', async () => {
    oidc.setAccount(person());
    const browser = new Browser();
    const callback = await browser.follow(`${origin}/oauth/openid`, isCallback('openid'));
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const landed = await browser.follow(callback.href);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=oauth_failed');
    expect(await sessionOf(browser)).toBeUndefined();
  });

  it('refuses a callback from another browser (no state cookie)', async () => {
    oidc.setAccount(person());
    const callback = await new Browser().follow(`${origin}/oauth/openid`, isCallback('openid'));
    const landed = await new Browser().follow(callback.href);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=oauth_failed');
  });

  it('refuses an id_token whose nonce is not the one the sign-in was started with', async () => {
    oidc.setAccount(person());
    const browser = new Browser();
    const callback = await browser.follow(`${origin}/oauth/openid`, isCallback('openid'));
    await database.db.update(oauthFlows).set({ nonce: 'not-the-nonce-sent' });
    const landed = await browser.follow(callback.href);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=oauth_failed');
    expect(await sessionOf(browser)).toBeUndefined();
  });

  it('refuses a replayed callback, and a spent code under a fresh state', async () => {
    oidc.setAccount(person());
    const browser = new Browser();
    const callback = await browser.follow(`${origin}/oauth/openid`, isCallback('openid'));
    const state = browser.cookies(origin).get('oauth_state')!;
    expect((await browser.follow(callback.href)).pathname).toBe('/c/new');

    browser.cookies(origin).set('oauth_state', state);
    const replayed = await browser.follow(callback.href);
    expect(`${replayed.pathname}${replayed.search}`).toBe('/login?error=oauth_failed');

    const fresh = new Browser();
    const started = await fresh.get(`${origin}/oauth/openid`);
    await started.body?.cancel();
    const reused = new URL(callback);
    reused.searchParams.set('state', fresh.cookies(origin).get('oauth_state')!);
    const landed = await fresh.follow(reused.href);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=oauth_failed');
    expect(await sessionOf(fresh)).toBeUndefined();
  });

  it('with ALLOW_SOCIAL_REGISTRATION off refuses an unknown person, and still signs in a known one', async () => {
    const known = person();
    oidc.setAccount(known);
    await signIn('openid');
    oauth.allowRegistration = false;
    oidc.setAccount(person());
    const refused = await signIn('openid');
    expect(`${refused.landed.pathname}${refused.landed.search}`).toBe(
      '/login?error=oauth_registration_disabled',
    );
    oidc.setAccount(known);
    expect((await signIn('openid')).landed.pathname).toBe('/c/new');
  });

  it('creates an account only for an address in registration.allowedDomains; a known one still signs in', async () => {
    const known = person();
    oidc.setAccount(known);
    await signIn('openid');
    appConfig.allowedDomains = ['staff.example.org'];
    const before = await countUsers();
    oidc.setAccount(person());
    const refused = await signIn('openid');
    expect(`${refused.landed.pathname}${refused.landed.search}`).toBe(
      '/login?error=email_domain_not_allowed',
    );
    expect(await countUsers()).toBe(before);
    oidc.setAccount(person({ email: `someone${seq}@Staff.Example.org` }));
    expect((await signIn('openid')).landed.pathname).toBe('/c/new');
    oidc.setAccount(known);
    expect((await signIn('openid')).landed.pathname).toBe('/c/new');
  });

  it('refuses a banned account as login does', async () => {
    const p = person();
    oidc.setAccount(p);
    await signIn('openid');
    await database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.email, p.email));
    const { landed, browser } = await signIn('openid');
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=banned');
    expect(browser.cookies(origin).has('refreshToken')).toBe(false);
  });

  it('sends an account with two-factor authentication to the code step, with no session', async () => {
    const p = person();
    oidc.setAccount(p);
    await signIn('openid');
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, p.email));
    const { landed, browser } = await signIn('openid');
    expect(landed.pathname).toBe('/login/2fa');
    expect(landed.searchParams.get('tempToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(browser.cookies(origin).has('refreshToken')).toBe(false);
  });

  it('answers 404 for an unknown provider', async () => {
    expect((await fetch(`${origin}/oauth/myspace`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${origin}/oauth/myspace/callback`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('OAuth 2 providers against fakes of their token and profile endpoints', () => {
  it('GitHub: signs in with the primary address when GitHub has verified it, refuses it otherwise', async () => {
    const email = `gh${Date.now()}@example.com`;
    const api = (verified: boolean, id: number) => ({
      '/user': {
        id,
        login: `octo${id}`,
        name: null,
        avatar_url: 'https://avatars.example.com/1',
        email: 'public@example.com',
      },
      '/user/emails': [
        { email: 'other@example.com', primary: false, verified: true },
        { email, primary: true, verified },
      ],
    });
    github.setApi(api(false, 101));
    const refused = await signIn('github');
    expect(`${refused.landed.pathname}${refused.landed.search}`).toBe('/login?error=oauth_email_unverified');
    github.setApi(api(true, 102));
    const ok = await signIn('github');
    expect(ok.landed.pathname).toBe('/c/new');
    expect((await sessionOf(ok.browser))?.user).toMatchObject({
      email,
      name: 'octo102',
      username: 'octo102',
    });
    expect(github.tokenRequests.refused).toBe(0);
  });

  it('GET /api/auth/google sends the browser on to the Google sign-in, which ends signed in', async () => {
    const first = await fetch(`${origin}/api/auth/google`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/oauth/google');
    const email = `api-google-${Date.now()}@example.com`;
    google.setApi({ '/v1/userinfo': { sub: 'g-api', email, email_verified: true, name: 'G' } });
    const browser = new Browser();
    const landed = await browser.follow(
      `${origin}/api/auth/google`,
      (u) => u.origin === origin && !u.pathname.startsWith('/oauth/') && !u.pathname.startsWith('/api/'),
    );
    expect(landed.pathname).toBe('/c/new');
    expect((await sessionOf(browser))?.user.email).toBe(email);
  });

  it('Google: email_verified must be true', async () => {
    const email = `g${Date.now()}@example.com`;
    google.setApi({ '/v1/userinfo': { sub: 'g-1', email, email_verified: false, name: 'G' } });
    expect((await signIn('google')).landed.search).toBe('?error=oauth_email_unverified');
    google.setApi({ '/v1/userinfo': { sub: 'g-1', email, email_verified: true, name: 'G' } });
    const ok = await signIn('google');
    expect((await sessionOf(ok.browser))?.user.email).toBe(email);
  });

  it('Discord: `verified` must be true', async () => {
    const email = `d${Date.now()}@example.com`;
    discord.setApi({ '/api/users/@me': { id: '42', username: 'disc', email, verified: false } });
    expect((await signIn('discord')).landed.search).toBe('?error=oauth_email_unverified');
    discord.setApi({
      '/api/users/@me': { id: '42', username: 'disc', global_name: 'Disc Person', email, verified: true },
    });
    const ok = await signIn('discord');
    expect((await sessionOf(ok.browser))?.user).toMatchObject({ email, name: 'Disc Person' });
  });

  it("makes a provider's name one line like a typed one: line breaks and control characters become spaces, capped", async () => {
    const email = `lines${Date.now()}@example.com`;
    discord.setApi({
      '/api/users/@me': {
        id: '43',
        username: 'multi\nline',
        global_name: `Disc\r\n\nPerson\u202e \t${'x'.repeat(100)}`,
        email,
        verified: true,
      },
    });
    const ok = await signIn('discord');
    const user = (await sessionOf(ok.browser))?.user;
    expect(user).toMatchObject({ email, name: `Disc Person ${'x'.repeat(68)}`, username: 'multi line' });
  });

  it('Facebook: an address given counts as verified; none given is refused', async () => {
    facebook.setApi({ '/v18.0/me': { id: 'fb-1', name: 'Fb Person' } });
    expect((await signIn('facebook')).landed.search).toBe('?error=oauth_email_unverified');
    const email = `fb${Date.now()}@example.com`;
    facebook.setApi({ '/v18.0/me': { id: 'fb-2', name: 'Fb Person', email } });
    const ok = await signIn('facebook');
    expect((await sessionOf(ok.browser))?.user.email).toBe(email);
  });
});

describe('with mail configured, linking claims an account whose address was never confirmed', () => {
  let smtp: MailCatcher;
  let mailDb: TestDatabase;
  let mailApp: App;
  let mailOrigin: string;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    const port = await freePort();
    mailOrigin = `http://127.0.0.1:${port}`;
    mailDb = await openTestDatabase();
    mailApp = await buildApp({
      config: testAppConfig({
        socialLoginEnabled: true,
        clientOrigin: mailOrigin,
        mail: {
          host: '127.0.0.1',
          port: smtp.port,
          encryption: '',
          allowSelfSigned: false,
          from: 'noreply@example.test',
        },
        oauth: {
          ...oauth,
          serverOrigin: mailOrigin,
          openid: undefined,
          github: { ...client('github'), callbackURL: `${mailOrigin}/oauth/github/callback` },
        },
      }),
      db: mailDb.db,
    });
    await mailApp.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await mailApp?.close();
    await mailDb?.close();
    await smtp?.close();
  });

  it('ends the password someone set without proving the address, and marks it confirmed', async () => {
    const email = `claimed${Date.now()}@example.com`;
    const password = 'squatter password 1';
    const registered = await fetch(`${mailOrigin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Squatter', email, password, confirm_password: password }),
    });
    const { userId } = (await registered.json()) as { userId: string };
    github.setApi({
      '/user': { id: 777, login: 'owner' },
      '/user/emails': [{ email, primary: true, verified: true }],
    });
    const browser = new Browser();
    const landed = await browser.follow(
      `${mailOrigin}/oauth/github`,
      (u) => u.origin === mailOrigin && !u.pathname.startsWith('/oauth/'),
    );
    expect(landed.pathname).toBe('/c/new');
    const token = browser.cookies(mailOrigin).get('refreshToken');
    const session = (await (
      await fetch(`${mailOrigin}/api/auth/refresh`, {
        method: 'POST',
        headers: { cookie: `refreshToken=${token}` },
      })
    ).json()) as AuthResponse;
    expect(session.user).toMatchObject({ id: userId, emailVerified: true });
    const login = await fetch(`${mailOrigin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(401);
  });
});
