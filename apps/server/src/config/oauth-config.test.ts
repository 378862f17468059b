import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { oauthConfigFrom } from './oauth-config.js';

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
    expect(oauth.socialLogins).toEqual(['github', 'google', 'discord', 'openid', 'facebook']);
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
