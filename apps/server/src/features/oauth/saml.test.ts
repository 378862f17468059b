import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuthResponse, StartupConfig } from '@chat/contract';
import { buildApp, type App } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import type { OAuthConfig, SamlClientConfig } from '../../config/oauth-config.js';
import { oauthIdentities } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { Browser } from '../../../test/support/browser.js';
import { freePort } from '../../../test/support/net.js';
import {
  IDP_CERT,
  OTHER_CERT,
  OTHER_KEY,
  readAuthnRequest,
  samlResponse,
  type AuthnRequest,
  type ResponseSpec,
} from '../../../test/support/saml-idp.js';
import { createSamlClient, samlPersonOf } from './saml.js';

/**
 * SAML sign-in over real HTTP: the app's AuthnRequest read from the redirect as an identity
 * provider reads it, and Responses signed with xml-crypto by a real certificate's key, posted back
 * as a cross-site form (so no SameSite=Lax cookie comes with them).
 */

const ENTRY_POINT = 'https://idp.example.test/sso';
const SP_ENTITY_ID = 'https://chat.example.test/saml';
let origin: string;
let database: TestDatabase;
let app: App;
let saml: SamlClientConfig;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  saml = {
    entryPoint: ENTRY_POINT,
    issuer: SP_ENTITY_ID,
    idpCert: IDP_CERT,
    callbackURL: `${origin}/oauth/saml/callback`,
    responseSigned: false,
    claims: { givenName: 'givenName', familyName: 'familyName' },
    label: 'Sign in with Corp SSO',
    imageUrl: 'https://example.com/corp.png',
  };
  const oauth: OAuthConfig = {
    enabled: true,
    allowRegistration: true,
    serverOrigin: origin,
    socialLogins: ['saml', 'github'],
    saml,
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
});

let seq = 0;
const nextPerson = () => {
  seq += 1;
  return { nameId: `saml-person-${seq}`, email: `saml${seq}@corp.example.com` };
};

/** A browser that started a SAML sign-in, and the request the provider received. */
async function startSignIn(): Promise<{ browser: Browser; request: AuthnRequest }> {
  const browser = new Browser();
  const res = await browser.get(`${origin}/oauth/saml`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(ENTRY_POINT);
  return { browser, request: readAuthnRequest(location) };
}

/** The provider's answer for `request`, as the spec's fields say (a good one by default). */
function answer(
  request: AuthnRequest,
  person: { nameId: string; email: string },
  over: Partial<ResponseSpec> = {},
) {
  return samlResponse({
    inResponseTo: request.id,
    audience: request.issuer,
    recipient: request.acsUrl,
    nameId: person.nameId,
    attributes: { email: person.email, givenName: 'Ada', familyName: 'Lovelace', username: 'ada' },
    now: new Date(),
    sign: 'assertion',
    ...over,
  });
}

/** The browser posts the provider's page's form to the callback; where it is sent next. */
async function post(browser: Browser, form: Record<string, string>): Promise<URL> {
  const res = await browser.post(`${origin}/oauth/saml/callback`, form, { crossSite: true });
  expect(res.status).toBe(303);
  await res.body?.cancel();
  return new URL(res.headers.get('location')!);
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

describe('SAML sign-in', () => {
  it('reports the SAML button with its label and icon, in the file’s order', async () => {
    const config = (await (await fetch(`${origin}/api/config`)).json()) as StartupConfig;
    expect(config).toMatchObject({
      samlLoginEnabled: true,
      appleLoginEnabled: false,
      samlLabel: 'Sign in with Corp SSO',
      samlImageUrl: 'https://example.com/corp.png',
      socialLogins: ['saml', 'github'],
    });
  });

  it('sends the browser to the entry point with an AuthnRequest of this service, and no state cookie', async () => {
    const browser = new Browser();
    const res = await browser.get(`${origin}/oauth/saml`);
    const location = new URL(res.headers.get('location')!);
    const request = readAuthnRequest(location);
    expect(request).toMatchObject({
      issuer: SP_ENTITY_ID,
      acsUrl: `${origin}/oauth/saml/callback`,
      destination: ENTRY_POINT,
    });
    expect(request.id).toMatch(/^_[0-9a-f]{40}$/);
    expect(request.relayState.length).toBeGreaterThanOrEqual(40);
    // The answer comes back as a cross-site POST, which a SameSite=Lax cookie would miss.
    expect(res.headers.getSetCookie().some((c) => c.startsWith('oauth_state='))).toBe(false);
  });

  it('signs a person in from a signed assertion: an account from its attributes, the same next time', async () => {
    const person = nextPerson();
    const first = await startSignIn();
    const landed = await post(first.browser, {
      SAMLResponse: answer(first.request, person),
      RelayState: first.request.relayState,
    });
    expect(landed.href).toBe(`${origin}/c/new`);
    const session = await sessionOf(first.browser);
    expect(session?.user).toMatchObject({
      email: person.email,
      name: 'Ada Lovelace',
      username: 'ada',
      emailVerified: true,
      provider: 'saml',
    });
    const linked = await database.db
      .select()
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, 'saml'), eq(oauthIdentities.subject, person.nameId)));
    expect(linked.map((r) => r.userId)).toEqual([session!.user.id]);

    const again = await startSignIn();
    await post(again.browser, {
      SAMLResponse: answer(again.request, person),
      RelayState: again.request.relayState,
    });
    expect((await sessionOf(again.browser))?.user.id).toBe(session!.user.id);
  });

  it('refuses a replayed Response: the sign-in it answered is spent', async () => {
    const person = nextPerson();
    const { browser, request } = await startSignIn();
    const form = { SAMLResponse: answer(request, person), RelayState: request.relayState };
    expect((await post(browser, form)).pathname).toBe('/c/new');
    const attacker = new Browser();
    const replay = await post(attacker, form);
    expect(`${replay.pathname}${replay.search}`).toBe('/login?error=oauth_failed');
    expect(attacker.cookies(origin).get('refreshToken')).toBeUndefined();
  });

  it('refuses a Response made for another sign-in’s request, even with a live RelayState', async () => {
    const person = nextPerson();
    const victim = await startSignIn();
    const other = await startSignIn();
    const landed = await post(other.browser, {
      SAMLResponse: answer(victim.request, person),
      RelayState: other.request.relayState,
    });
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=saml_refused');
  });

  const refusals: [string, (r: AuthnRequest) => Partial<ResponseSpec>][] = [
    ['an unsigned Response', () => ({ sign: 'none' })],
    ['a Response signed by another certificate', () => ({ key: OTHER_KEY, cert: OTHER_CERT })],
    // Issued two hours ago for five minutes: long past, whatever the machine's speed.
    ['an expired assertion', () => ({ now: new Date(Date.now() - 2 * 60 * 60_000) })],
    ['an assertion for another audience', () => ({ audience: 'https://someone-else.example.test' })],
    ['an unsolicited Response (no request answered)', () => ({ inResponseTo: '' })],
  ];
  for (const [what, spec] of refusals) {
    it(`refuses ${what}, with no session and no account`, async () => {
      const person = nextPerson();
      const { browser, request } = await startSignIn();
      const landed = await post(browser, {
        SAMLResponse: answer(request, person, spec(request)),
        RelayState: request.relayState,
      });
      expect(`${landed.pathname}${landed.search}`).toBe('/login?error=saml_refused');
      expect(browser.cookies(origin).get('refreshToken')).toBeUndefined();
      const linked = await database.db
        .select()
        .from(oauthIdentities)
        .where(eq(oauthIdentities.subject, person.nameId));
      expect(linked).toEqual([]);
    });
  }

  it('refuses an assertion altered after it was signed', async () => {
    const person = nextPerson();
    const { browser, request } = await startSignIn();
    const xml = Buffer.from(answer(request, person), 'base64').toString('utf8');
    const forged = xml.replace(person.email, 'ceo@corp.example.com');
    expect(forged).not.toBe(xml);
    const landed = await post(browser, {
      SAMLResponse: Buffer.from(forged).toString('base64'),
      RelayState: request.relayState,
    });
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=saml_refused');
  });

  it('refuses a callback without a RelayState of a started sign-in', async () => {
    const person = nextPerson();
    const { request } = await startSignIn();
    const browser = new Browser();
    const landed = await post(browser, { SAMLResponse: answer(request, person), RelayState: 'made-up' });
    expect(`${landed.pathname}${landed.search}`).toBe('/login?error=oauth_failed');
  });

  it('takes the answer by POST only: a GET callback, and a form posted to another provider, are 404', async () => {
    const res = await fetch(`${origin}/oauth/saml/callback?SAMLResponse=x&RelayState=y`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(404);
    const github = await fetch(`${origin}/oauth/github/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=x&state=y',
      redirect: 'manual',
    });
    expect(github.status).toBe(404);
  });

  it('refuses a form body on any other route (JSON only there)', async () => {
    const res = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=x',
    });
    expect(res.status).toBe(415);
  });
});

describe('SAML_USE_AUTHN_RESPONSE_SIGNED', () => {
  const request: AuthnRequest = {
    id: '_request-1',
    issuer: SP_ENTITY_ID,
    acsUrl: 'https://chat.example.test/oauth/saml/callback',
    destination: ENTRY_POINT,
    relayState: 'x',
  };
  const person = { nameId: 'whole-response', email: 'whole@corp.example.com' };
  const form = (sign: ResponseSpec['sign']) =>
    new URLSearchParams({ SAMLResponse: answer(request, person, { sign }) });

  it('on: takes a signed Response, refuses one where only the assertion is signed', async () => {
    const client = createSamlClient({ ...saml, responseSigned: true });
    await expect(client.finish(form('response'), { nonce: request.id })).resolves.toMatchObject({
      subject: 'whole-response',
      email: 'whole@corp.example.com',
    });
    await expect(client.finish(form('assertion'), { nonce: request.id })).rejects.toMatchObject({
      code: 'saml_refused',
    });
  });

  it('off (the default): the assertion must be signed, a signature over the Response alone is not enough', async () => {
    const client = createSamlClient({ ...saml, responseSigned: false });
    await expect(client.finish(form('assertion'), { nonce: request.id })).resolves.toMatchObject({
      subject: 'whole-response',
    });
    await expect(client.finish(form('response'), { nonce: request.id })).rejects.toMatchObject({
      code: 'saml_refused',
    });
  });
});

describe('over https (secure cookies): the answer is bound to the browser that started', () => {
  let secureApp: App;
  let secureOrigin: string;

  beforeAll(async () => {
    const port = await freePort();
    secureOrigin = `http://127.0.0.1:${port}`;
    const oauth: OAuthConfig = {
      enabled: true,
      allowRegistration: true,
      serverOrigin: secureOrigin,
      socialLogins: ['saml'],
      saml: { ...saml, callbackURL: `${secureOrigin}/oauth/saml/callback` },
      rateLimit: { max: 10_000, windowMs: 60_000 },
    };
    secureApp = await buildApp({
      config: testAppConfig({
        socialLoginEnabled: true,
        oauth,
        clientOrigin: secureOrigin,
        secureCookies: true,
      }),
      db: database.db,
    });
    await secureApp.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await secureApp?.close();
  });

  async function start() {
    const browser = new Browser();
    const res = await browser.get(`${secureOrigin}/oauth/saml`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oauth_state='));
    return { browser, cookie, request: readAuthnRequest(new URL(res.headers.get('location')!)) };
  }
  const postTo = async (browser: Browser, form: Record<string, string>) => {
    const res = await browser.post(`${secureOrigin}/oauth/saml/callback`, form, { crossSite: true });
    const to = new URL(res.headers.get('location')!);
    return `${to.pathname}${to.search}`;
  };

  it('keeps the state in a SameSite=None; Secure cookie, which the cross-site POST brings back', async () => {
    const { browser, cookie, request } = await start();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Secure/i);
    const form = { SAMLResponse: answer(request, nextPerson()), RelayState: request.relayState };
    expect(await postTo(browser, form)).toBe('/c/new');
  });

  it('refuses a good Response posted from another browser (someone else’s sign-in pushed on this one)', async () => {
    const { request } = await start();
    const victim = new Browser();
    const form = { SAMLResponse: answer(request, nextPerson()), RelayState: request.relayState };
    expect(await postTo(victim, form)).toBe('/login?error=oauth_failed');
    expect(victim.cookies(secureOrigin).get('refreshToken')).toBeUndefined();
  });
});

describe('the account read from the assertion (SAML_*_CLAIM)', () => {
  const profile = (attrs: Record<string, unknown>) =>
    ({ issuer: 'idp', nameID: 'subject-1', nameIDFormat: 'unspecified', ...attrs }) as Parameters<
      typeof samlPersonOf
    >[1];

  it('reads the named attributes, falling back to the default ones as LibreChat does', () => {
    const config = {
      ...saml,
      claims: { email: 'mail', username: 'uid', name: 'displayName', picture: 'photo' },
    };
    expect(
      samlPersonOf(
        config,
        profile({
          mail: 'grace@corp.example.com',
          uid: ['grace', 'hopper'],
          displayName: 'Rear Admiral Hopper',
          photo: 'https://example.com/grace.png',
        }),
      ),
    ).toEqual({
      subject: 'subject-1',
      email: 'grace@corp.example.com',
      emailVerified: true,
      name: 'Rear Admiral Hopper',
      username: 'grace_hopper',
      avatar: 'https://example.com/grace.png',
    });
    // The named attribute missing: the default one's value.
    expect(samlPersonOf(config, profile({ email: 'e@corp.example.com' })).email).toBe('e@corp.example.com');
  });

  it('makes the name of the given and family names, else the username or address; keeps only an https picture', () => {
    const config = { ...saml, claims: {} };
    expect(
      samlPersonOf(config, profile({ given_name: 'Ada', family_name: 'Lovelace', picture: 'javascript:x' })),
    ).toMatchObject({ name: 'Ada Lovelace', username: 'Ada', avatar: undefined });
    expect(samlPersonOf(config, profile({ email: 'x@corp.example.com' }))).toMatchObject({
      name: 'x@corp.example.com',
      username: 'x@corp.example.com',
    });
    // No address: nothing vouched for, so no account can be made or linked from it.
    expect(samlPersonOf(config, profile({}))).toMatchObject({ email: undefined, emailVerified: false });
  });
});
