import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuthResponse, StartupConfig } from '@chat/contract';
import { buildApp, type App } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import type { LdapConfig } from '../../config/ldap-config.js';
import { oauthIdentities } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { registerUser, TEST_PASSWORD } from '../../../test/support/harness.js';
import { freePort } from '../../../test/support/net.js';
import { startSlapd, type Slapd } from '../../../test/support/slapd.js';
import { escapeFilterValue } from './ldap.js';

/**
 * LDAP sign-in over real HTTP against a real OpenLDAP server (slapd, started here in a folder of
 * its own): the login form's address and password checked by the directory, the account made
 * or matched from its entry, as LibreChat's LDAP_* settings describe.
 */
let slapd: Slapd;
let database: TestDatabase;
let app: App;
let origin: string;
let ldap: LdapConfig;
let defaults: LdapConfig;

beforeAll(async () => {
  slapd = await startSlapd();
  await slapd.addPerson({
    uid: 'ada',
    password: 'ada directory pw',
    mail: 'ada@example.org',
    cn: 'Ada Lovelace',
    sn: 'Lovelace',
    givenName: 'Ada',
  });
  await slapd.addPerson({
    uid: 'grace',
    password: 'grace directory pw',
    mail: 'grace@example.org',
    cn: 'Grace Hopper',
    sn: 'Hopper',
    givenName: 'Grace',
    displayName: 'Rear Admiral Hopper',
  });
  ldap = {
    url: slapd.url,
    bindDN: slapd.adminDN,
    bindCredentials: slapd.adminPassword,
    searchBase: slapd.peopleBase,
    searchFilter: 'mail={{username}}',
    caCertPath: undefined,
    tlsRejectUnauthorized: true,
    idAttribute: undefined,
    usernameAttribute: undefined,
    emailAttribute: undefined,
    fullNameAttributes: [],
    timeoutMs: 5_000,
    usesUsername: false,
  };
  defaults = { ...ldap };
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  database = await openTestDatabase();
  app = await buildApp({ config: testAppConfig({ ldap, clientOrigin: origin }), db: database.db });
  await app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await slapd?.stop();
});
beforeEach(() => {
  Object.assign(ldap, defaults);
});

const login = (email: string, password: string) =>
  fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('LDAP sign-in', () => {
  it('makes an account from the entry on the first sign-in, and signs the same one in after', async () => {
    const first = await login('ada@example.org', 'ada directory pw');
    expect(first.status).toBe(200);
    const session = (await first.json()) as AuthResponse;
    expect(session.user).toMatchObject({
      email: 'ada@example.org',
      name: 'Ada Lovelace',
      username: 'Ada',
      provider: 'ldap',
      emailVerified: true,
    });
    const identity = await database.db
      .select()
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, 'ldap'), eq(oauthIdentities.subject, 'ada')));
    expect(identity.map((i) => i.userId)).toEqual([session.user.id]);
    const again = (await (await login('ada@example.org', 'ada directory pw')).json()) as AuthResponse;
    expect(again.user.id).toBe(session.user.id);
  });

  it('refuses a wrong password and an address the directory does not have, as a wrong login', async () => {
    for (const [email, password] of [
      ['ada@example.org', 'not the password'],
      ['nobody@example.org', 'ada directory pw'],
    ] as const) {
      const res = await login(email, password);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_credentials');
    }
  });

  it('checks the password with the directory only: a local account of the address is linked, its own password no longer signs in', async () => {
    const local = await registerUser(origin, 'Grace Local', 'grace@example.org');
    expect((await login('grace@example.org', TEST_PASSWORD)).status).toBe(401);
    const res = await login('grace@example.org', 'grace directory pw');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthResponse).user.id).toBe(local.user.id);
  });

  it('reads the filter and the attributes the settings name', async () => {
    await slapd.addPerson({
      uid: 'katherine',
      password: 'katherine pw',
      mail: 'kj@nasa.example.org',
      cn: 'K. Johnson',
      sn: 'Johnson',
      givenName: 'Katherine',
      displayName: 'kj',
    });
    Object.assign(ldap, {
      searchFilter: '(&(objectClass=inetOrgPerson)(mail={{username}}))',
      idAttribute: 'mail',
      usernameAttribute: 'displayName',
      fullNameAttributes: ['givenName', 'sn'],
    });
    const res = await login('kj@nasa.example.org', 'katherine pw');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthResponse).user).toMatchObject({
      name: 'Katherine Johnson',
      username: 'kj',
      email: 'kj@nasa.example.org',
    });
  });

  it('answers 503 when the directory cannot be reached or refuses the search account', async () => {
    ldap.bindCredentials = 'wrong';
    expect((await login('ada@example.org', 'ada directory pw')).status).toBe(503);
    ldap.bindCredentials = defaults.bindCredentials;
    ldap.url = `ldap://127.0.0.1:${await freePort()}`;
    expect((await login('ada@example.org', 'ada directory pw')).status).toBe(503);
  });
});

describe('LDAP search filter', () => {
  it('escapes what the person typed so it is only ever matched', () => {
    expect(escapeFilterValue('a*)(uid=*')).toBe('a\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('back\\slash\0')).toBe('back\\5cslash\\00');
  });
});

describe('LDAP over TLS (ldaps://)', () => {
  let tls: Slapd;
  beforeAll(async () => {
    tls = await startSlapd({ tls: true });
    await tls.addPerson({
      uid: 'mary',
      password: 'mary directory pw',
      mail: 'mary@example.org',
      cn: 'Mary Jackson',
      sn: 'Jackson',
    });
  });
  afterAll(async () => {
    await tls?.stop();
  });

  it('trusts the authority of LDAP_CA_CERT_PATH, and refuses a certificate it did not sign unless told not to', async () => {
    Object.assign(ldap, {
      url: tls.ldapsUrl,
      bindDN: tls.adminDN,
      bindCredentials: tls.adminPassword,
      searchBase: tls.peopleBase,
      caCertPath: tls.caCertPath,
    });
    expect((await login('mary@example.org', 'mary directory pw')).status).toBe(200);
    ldap.caCertPath = tls.otherCaCertPath;
    expect((await login('mary@example.org', 'mary directory pw')).status).toBe(503);
    ldap.caCertPath = undefined;
    expect((await login('mary@example.org', 'mary directory pw')).status).toBe(503);
    ldap.tlsRejectUnauthorized = false;
    expect((await login('mary@example.org', 'mary directory pw')).status).toBe(200);
  });
});

describe('LDAP_LOGIN_USES_USERNAME', () => {
  const config = async () => ((await (await fetch(`${origin}/api/config`)).json()) as StartupConfig).ldap;

  beforeAll(async () => {
    await slapd.addPerson({
      uid: 'dorothy',
      password: 'dorothy directory pw',
      mail: 'dorothy@example.org',
      cn: 'Dorothy Vaughan',
      sn: 'Vaughan',
      givenName: 'Dorothy',
    });
  });

  it('signs in with the directory username the filter looks up, and tells the client so', async () => {
    Object.assign(ldap, { searchFilter: 'uid={{username}}', usesUsername: true });
    expect(await config()).toEqual({ enabled: true, username: true });
    const res = await login('dorothy', 'dorothy directory pw');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthResponse).user).toMatchObject({
      email: 'dorothy@example.org',
      name: 'Dorothy Vaughan',
      provider: 'ldap',
    });
    const wrong = await login('dorothy', 'not the password');
    expect(wrong.status).toBe(401);
  });

  it('off: the login form asks for an address, and a bare name is refused before the directory', async () => {
    Object.assign(ldap, { searchFilter: 'uid={{username}}' });
    expect(await config()).toEqual({ enabled: true });
    const res = await login('grace', 'grace directory pw');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; issues: { path: string; message: string }[] };
    expect(body.code).toBe('validation_error');
    expect(body.issues).toEqual([
      expect.objectContaining({ path: 'email', message: 'You must enter a valid email address' }),
    ]);
  });

  it('still requires a name, and refuses one longer than an address may be', async () => {
    Object.assign(ldap, { searchFilter: 'uid={{username}}', usesUsername: true });
    for (const name of ['   ', 'x'.repeat(121)]) {
      const res = await login(name, 'grace directory pw');
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
  });
});
