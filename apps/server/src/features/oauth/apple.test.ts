import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import {
  readFormPost,
  startFakeApple,
  type AppleMisbehaviour,
  type FakeAppleAccount,
  type FakeAppleServer,
} from '@chat/fake-upstreams/apple';
import type { AuthResponse, StartupConfig } from '@chat/contract';
import { buildApp, type App } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import type { OAuthConfig } from '../../config/oauth-config.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { Browser } from '../../../test/support/browser.js';
import { freePort } from '../../../test/support/net.js';

/**
 * Sign in with Apple over real HTTP against a fake of Apple's endpoints (tools/fake-upstreams):
 * the authorization page's form posted back across sites, the client secret signed with a real
 * ES256 key, the id_token checked against the fake's published keys.
 */

let origin: string;
let apple: FakeAppleServer;
let database: TestDatabase;
let app: App;
let oauth: OAuthConfig;
const CLIENT_ID = 'com.example.chat.web';

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const developerKey = await generateKeyPair('ES256', { extractable: true });
  apple = await startFakeApple({
    clientId: CLIENT_ID,
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    clientKey: await exportSPKI(developerKey.publicKey),
  });
  oauth = {
    enabled: true,
    allowRegistration: true,
    serverOrigin: origin,
    socialLogins: ['apple'],
    apple: {
      clientId: CLIENT_ID,
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: await exportPKCS8(developerKey.privateKey),
      callbackURL: `${origin}/oauth/apple/callback`,
    },
    rateLimit: { max: 10_000, windowMs: 60_000 },
    origins: { apple: apple.origin },
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
  await apple?.close();
});
beforeEach(() => {
  apple.misbehave('none');
  oauth.allowRegistration = true;
});

let seq = 0;
const person = (over: Partial<FakeAppleAccount> = {}): FakeAppleAccount => {
  seq += 1;
  return {
    sub: `001234.apple-${seq}`,
    email: `apple${seq}@privaterelay.appleid.com`,
    emailVerified: true,
    name: { firstName: 'Tim', lastName: `Person${seq}` },
    ...over,
  };
};

/** A browser that started the sign-in and got Apple's page: the form that page posts back. */
async function authorize(): Promise<{ browser: Browser; form: Record<string, string> }> {
  const browser = new Browser();
  const start = await browser.get(`${origin}/oauth/apple`);
  expect(start.status).toBe(302);
  const page = await browser.get(start.headers.get('location')!);
  expect(page.status).toBe(200);
  const { action, fields } = readFormPost(await page.text());
  expect(action).toBe(`${origin}/oauth/apple/callback`);
  return { browser, form: fields };
}

/** Apple's page posts its form to the callback (a cross-site POST); where the browser goes next. */
async function postBack(browser: Browser, form: Record<string, string>): Promise<string> {
  const res = await browser.post(`${origin}/oauth/apple/callback`, form, { crossSite: true });
  expect(res.status).toBe(303);
  await res.body?.cancel();
  const to = new URL(res.headers.get('location')!);
  return `${to.pathname}${to.search}`;
}

async function sessionOf(browser: Browser): Promise<AuthResponse | undefined> {
  const token = browser.cookies(origin).get('refreshToken');
  if (!token) return undefined;
  const res = await fetch(`${origin}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: `refreshToken=${token}` },
  });
  return res.status === 200 ? ((await res.json()) as AuthResponse) : undefined;
}

describe('Sign in with Apple', () => {
  it('reports the Apple button', async () => {
    const config = (await (await fetch(`${origin}/api/config`)).json()) as StartupConfig;
    expect(config).toMatchObject({
      appleLoginEnabled: true,
      samlLoginEnabled: false,
      socialLogins: ['apple'],
    });
  });

  it('asks Apple to post the answer back (form_post), with state and nonce, and sets no state cookie', async () => {
    const res = await new Browser().get(`${origin}/oauth/apple`);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${apple.origin}/auth/authorize`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      response_type: 'code',
      response_mode: 'form_post',
      client_id: CLIENT_ID,
      redirect_uri: `${origin}/oauth/apple/callback`,
      scope: 'name email',
    });
    for (const p of ['state', 'nonce']) expect(to.searchParams.get(p)?.length).toBeGreaterThanOrEqual(40);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('oauth_state='))).toBe(false);
  });

  it('signs a new person in from the cross-site POST, named as Apple’s first answer says, the same next time', async () => {
    const p = person();
    apple.setAccount(p);
    const before = apple.tokenRequests.ok;
    const first = await authorize();
    expect(first.form.user).toBeDefined();
    expect(await postBack(first.browser, first.form)).toBe('/c/new');
    // The fake took the code only with a client secret signed by the developer's key.
    expect(apple.tokenRequests.ok).toBe(before + 1);
    const session = await sessionOf(first.browser);
    expect(session?.user).toMatchObject({
      email: p.email,
      name: `Tim ${p.name!.lastName}`,
      emailVerified: true,
      provider: 'apple',
    });
    // Apple sends no name after the first time: the account is found by its subject.
    const again = await authorize();
    expect(again.form.user).toBeUndefined();
    expect(await postBack(again.browser, again.form)).toBe('/c/new');
    expect((await sessionOf(again.browser))?.user.id).toBe(session!.user.id);
  });

  it('refuses a replayed answer: the sign-in it answered is spent', async () => {
    apple.setAccount(person());
    const { browser, form } = await authorize();
    expect(await postBack(browser, form)).toBe('/c/new');
    const attacker = new Browser();
    expect(await postBack(attacker, form)).toBe('/login?error=oauth_failed');
    expect(attacker.cookies(origin).get('refreshToken')).toBeUndefined();
  });

  const forgeries: [string, AppleMisbehaviour][] = [
    ['signed by a key Apple does not publish', 'foreign-key'],
    ['for another client', 'wrong-audience'],
    ['from another issuer', 'wrong-issuer'],
    ['of another sign-in (nonce)', 'wrong-nonce'],
  ];
  for (const [what, how] of forgeries) {
    it(`refuses an id_token ${what}`, async () => {
      apple.setAccount(person());
      apple.misbehave(how);
      const { browser, form } = await authorize();
      expect(await postBack(browser, form)).toBe('/login?error=oauth_failed');
      expect(browser.cookies(origin).get('refreshToken')).toBeUndefined();
    });
  }

  it('refuses an address Apple has not verified', async () => {
    apple.setAccount(person({ emailVerified: false }));
    const { browser, form } = await authorize();
    expect(await postBack(browser, form)).toBe('/login?error=oauth_email_unverified');
  });

  it('takes the answer by POST only: a GET callback is 404', async () => {
    const res = await fetch(`${origin}/oauth/apple/callback?code=x&state=y`, { redirect: 'manual' });
    expect(res.status).toBe(404);
  });
});
