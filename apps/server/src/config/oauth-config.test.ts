import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { oauthConfigFrom } from './oauth-config.js';
import { ldapConfigFrom } from './ldap-config.js';

describe('social sign-in from the environment (LibreChat names)', () => {
  it('configures a provider only with both its client id and secret, its callback under DOMAIN_SERVER', () => {
    const oauth = oauthConfigFrom(
      parseEnv({
        ALLOW_SOCIAL_LOGIN: 'true',
        DOMAIN_SERVER: 'https://chat.example.com/',
        GITHUB_CLIENT_ID: 'gh',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        GOOGLE_CLIENT_ID: 'only-an-id',
        DISCORD_CLIENT_ID: 'd',
        DISCORD_CLIENT_SECRET: 'd-secret',
        DISCORD_CALLBACK_URL: 'https://auth.example.com/discord/back',
      }),
    );
    expect(oauth).toMatchObject({
      enabled: true,
      allowRegistration: false,
      serverOrigin: 'https://chat.example.com',
    });
    expect(oauth.github).toEqual({
      clientId: 'gh',
      clientSecret: 'gh-secret',
      callbackURL: 'https://chat.example.com/oauth/github/callback',
    });
    expect(oauth.google).toBeUndefined();
    expect(oauth.discord?.callbackURL).toBe('https://auth.example.com/discord/back');
    expect(oauth.socialLogins).toEqual([
      'github',
      'google',
      'discord',
      'openid',
      'facebook',
      'apple',
      'saml',
    ]);
  });

  it('needs OPENID_ISSUER for OpenID, with LibreChat defaults for scope and label', () => {
    const base = { OPENID_CLIENT_ID: 'c', OPENID_CLIENT_SECRET: 's', PORT: '3999' };
    expect(oauthConfigFrom(parseEnv(base)).openid).toBeUndefined();
    const oauth = oauthConfigFrom(
      parseEnv({ ...base, OPENID_ISSUER: 'https://id.example.com', ALLOW_SOCIAL_REGISTRATION: 'TRUE' }),
      ['openid'],
    );
    expect(oauth.openid).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'c',
      clientSecret: 's',
      callbackURL: 'http://localhost:3999/oauth/openid/callback',
      scope: 'openid profile email',
      label: 'Continue with OpenID',
      imageUrl: '',
    });
    expect(oauth.allowRegistration).toBe(true);
    expect(oauth.enabled).toBe(false);
    expect(oauth.socialLogins).toEqual(['openid']);
  });
});

describe('SAML and Apple from the environment (LibreChat names)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'signin-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cert = readFileSync(new URL('../../test/fixtures/saml/idp-cert.pem', import.meta.url), 'utf8');
  const saml = {
    DOMAIN_SERVER: 'https://chat.example.com',
    SAML_ENTRY_POINT: 'https://idp.example.com/sso',
    SAML_ISSUER: 'https://chat.example.com/saml',
  };

  it('turns SAML on with its entry point, issuer and certificate, reading every SAML_* setting', () => {
    expect(oauthConfigFrom(parseEnv(saml)).saml).toBeUndefined();
    const oauth = oauthConfigFrom(
      parseEnv({
        ...saml,
        // As a .env writes a PEM on one line.
        SAML_CERT: cert.trim().replace(/\n/g, '\\n'),
        SAML_EMAIL_CLAIM: 'mail',
        SAML_USERNAME_CLAIM: 'uid',
        SAML_GIVEN_NAME_CLAIM: 'givenName',
        SAML_FAMILY_NAME_CLAIM: 'sn',
        SAML_PICTURE_CLAIM: 'photo',
        SAML_NAME_CLAIM: 'displayName',
        SAML_BUTTON_LABEL: 'Corp SSO',
        SAML_IMAGE_URL: 'https://example.com/sso.png',
        SAML_USE_AUTHN_RESPONSE_SIGNED: 'true',
      }),
    );
    expect(oauth.saml).toEqual({
      entryPoint: 'https://idp.example.com/sso',
      issuer: 'https://chat.example.com/saml',
      idpCert: cert.trim(),
      callbackURL: 'https://chat.example.com/oauth/saml/callback',
      responseSigned: true,
      claims: {
        email: 'mail',
        username: 'uid',
        givenName: 'givenName',
        familyName: 'sn',
        picture: 'photo',
        name: 'displayName',
      },
      label: 'Corp SSO',
      imageUrl: 'https://example.com/sso.png',
    });
  });

  it('reads SAML_CERT as bare base64 or from a file, and stops start-up on anything else', () => {
    const base64 = cert.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
    expect(oauthConfigFrom(parseEnv({ ...saml, SAML_CERT: base64 })).saml?.idpCert).toBe(base64);
    const file = join(dir, 'idp.pem');
    writeFileSync(file, cert);
    const fromFile = oauthConfigFrom(parseEnv({ ...saml, SAML_CERT: file, SAML_CALLBACK_URL: '/sso/back' }));
    expect(fromFile.saml?.idpCert).toBe(cert.trim());
    expect(fromFile.saml?.callbackURL).toBe('https://chat.example.com/sso/back');
    expect(fromFile.saml?.responseSigned).toBe(false);
    expect(() => oauthConfigFrom(parseEnv({ ...saml, SAML_CERT: join(dir, 'missing.pem') }))).toThrow(
      /SAML_CERT/,
    );
  });

  it('turns Apple on with its client, team, key id and key file', () => {
    const keyFile = join(dir, 'AuthKey.p8');
    writeFileSync(keyFile, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n');
    const apple = {
      DOMAIN_SERVER: 'https://chat.example.com',
      APPLE_CLIENT_ID: 'com.example.chat',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
    };
    expect(oauthConfigFrom(parseEnv(apple)).apple).toBeUndefined();
    expect(oauthConfigFrom(parseEnv({ ...apple, APPLE_PRIVATE_KEY_PATH: keyFile })).apple).toEqual({
      clientId: 'com.example.chat',
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
      callbackURL: 'https://chat.example.com/oauth/apple/callback',
    });
    expect(() =>
      oauthConfigFrom(parseEnv({ ...apple, APPLE_PRIVATE_KEY_PATH: join(dir, 'none.p8') })),
    ).toThrow(/APPLE_PRIVATE_KEY_PATH/);
  });
});

describe("LibreChat's OpenID role, claim and sign-out settings", () => {
  const base = {
    OPENID_ISSUER: 'https://id.example.com',
    OPENID_CLIENT_ID: 'c',
    OPENID_CLIENT_SECRET: 's',
    DOMAIN_CLIENT: 'https://chat.example.com/',
  };

  it('reads the required and admin roles, the claims, and signing out at the provider', () => {
    const openid = oauthConfigFrom(
      parseEnv({
        ...base,
        OPENID_REQUIRED_ROLE: 'chat-user, chat-admin',
        OPENID_REQUIRED_ROLE_TOKEN_KIND: 'access',
        OPENID_REQUIRED_ROLE_PARAMETER_PATH: 'realm_access.roles',
        OPENID_ADMIN_ROLE: 'chat-admin',
        OPENID_ADMIN_ROLE_PARAMETER_PATH: 'groups',
        OPENID_ADMIN_ROLE_TOKEN_KIND: 'userinfo',
        OPENID_USERNAME_CLAIM: 'upn',
        OPENID_NAME_CLAIM: 'nickname',
        OPENID_USE_END_SESSION_ENDPOINT: 'true',
      }),
    ).openid;
    expect(openid).toMatchObject({
      requiredRole: { roles: ['chat-user', 'chat-admin'], tokenKind: 'access', path: 'realm_access.roles' },
      adminRole: { role: 'chat-admin', tokenKind: 'userinfo', path: 'groups' },
      usernameClaim: 'upn',
      nameClaim: 'nickname',
      endSession: { postLogoutRedirectUri: 'https://chat.example.com/login' },
    });
    const custom = oauthConfigFrom(
      parseEnv({
        ...base,
        OPENID_USE_END_SESSION_ENDPOINT: 'true',
        OPENID_POST_LOGOUT_REDIRECT_URI: 'https://www.example.com/bye',
      }),
    ).openid;
    expect(custom?.endSession).toEqual({ postLogoutRedirectUri: 'https://www.example.com/bye' });
    expect(oauthConfigFrom(parseEnv(base)).openid).toMatchObject({
      requiredRole: undefined,
      adminRole: undefined,
      endSession: undefined,
    });
  });

  it('stops start-up for a role without its token kind or path, and for an unknown token kind', () => {
    expect(() => oauthConfigFrom(parseEnv({ ...base, OPENID_REQUIRED_ROLE: 'chat' }))).toThrow(
      /OPENID_REQUIRED_ROLE needs OPENID_REQUIRED_ROLE_TOKEN_KIND and OPENID_REQUIRED_ROLE_PARAMETER_PATH/,
    );
    expect(() =>
      oauthConfigFrom(parseEnv({ ...base, OPENID_ADMIN_ROLE: 'a', OPENID_ADMIN_ROLE_TOKEN_KIND: 'id' })),
    ).toThrow(/OPENID_ADMIN_ROLE needs OPENID_ADMIN_ROLE_PARAMETER_PATH/);
    expect(() => parseEnv({ ...base, OPENID_REQUIRED_ROLE_TOKEN_KIND: 'id_token' })).toThrow(
      /OPENID_REQUIRED_ROLE_TOKEN_KIND/,
    );
    expect(() => parseEnv({ ...base, OPENID_ADMIN_ROLE_TOKEN_KIND: 'userinfo' })).not.toThrow();
  });
});

describe("LibreChat's LDAP settings", () => {
  it('turns LDAP on with LDAP_URL and LDAP_USER_SEARCH_BASE, with LibreChat defaults', () => {
    expect(ldapConfigFrom(parseEnv({ LDAP_URL: 'ldap://dir.example.com' }))).toBeUndefined();
    expect(
      ldapConfigFrom(
        parseEnv({
          LDAP_URL: 'ldaps://dir.example.com:636',
          LDAP_USER_SEARCH_BASE: 'ou=people,dc=example,dc=com',
          LDAP_FULL_NAME: 'givenName, sn',
        }),
      ),
    ).toMatchObject({
      url: 'ldaps://dir.example.com:636',
      searchBase: 'ou=people,dc=example,dc=com',
      searchFilter: 'mail={{username}}',
      bindDN: undefined,
      tlsRejectUnauthorized: true,
      fullNameAttributes: ['givenName', 'sn'],
    });
    expect(() => parseEnv({ LDAP_URL: 'http://dir.example.com' })).toThrow(/LDAP_URL/);
  });
});
