import {
  DEFAULT_OPENID_LABEL,
  DEFAULT_SOCIAL_LOGINS,
  oauthCallbackPath,
  type SocialProvider,
} from '@chat/contract';
import type { Env } from './env.js';

/** One OAuth 2 client registered at a provider (its *_CLIENT_ID, *_CLIENT_SECRET). */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** The absolute redirect URI: DOMAIN_SERVER + *_CALLBACK_URL. */
  callbackURL: string;
}

export interface OpenIdClientConfig extends OAuthClientConfig {
  issuer: string;
  scope: string;
  label: string;
  imageUrl: string;
}

/** Social and OpenID Connect sign-in (features/oauth). */
export interface OAuthConfig {
  /** ALLOW_SOCIAL_LOGIN: the buttons and /oauth routes are on only with it. */
  enabled: boolean;
  /** ALLOW_SOCIAL_REGISTRATION: a sign-in of someone without an account makes one. */
  allowRegistration: boolean;
  /** DOMAIN_SERVER (else http://localhost:PORT): the base of the callbacks. */
  serverOrigin: string;
  /** The button order (librechat.yaml registration.socialLogins). */
  socialLogins: readonly string[];
  github?: OAuthClientConfig | undefined;
  google?: OAuthClientConfig | undefined;
  discord?: OAuthClientConfig | undefined;
  facebook?: OAuthClientConfig | undefined;
  openid?: OpenIdClientConfig | undefined;
  /** Navigations per IP and window; the contract's OAUTH_RATE_LIMIT when absent. */
  rateLimit?: { max: number; windowMs: number };
  /**
   * Tests only (never read from the environment): each OAuth 2 provider's API origin replaced,
   * e.g. `{ github: 'http://127.0.0.1:4567' }`, so its fake answers the token and profile calls.
   */
  origins?: Partial<Record<'github' | 'google' | 'discord' | 'facebook', string>>;
}

const trimOrigin = (url: string) => url.replace(/\/+$/, '');

/** A relative *_CALLBACK_URL is under DOMAIN_SERVER (LibreChat's); an absolute one is kept. */
function callbackURL(serverOrigin: string, provider: SocialProvider, given: string | undefined): string {
  const path = given || oauthCallbackPath(provider);
  return /^https?:\/\//i.test(path) ? path : `${serverOrigin}${path.startsWith('/') ? '' : '/'}${path}`;
}

function client(
  serverOrigin: string,
  provider: SocialProvider,
  id: string | undefined,
  secret: string | undefined,
  callback: string | undefined,
): OAuthClientConfig | undefined {
  if (!id || !secret) return undefined;
  return { clientId: id, clientSecret: secret, callbackURL: callbackURL(serverOrigin, provider, callback) };
}

export function oauthConfigFrom(env: Env, socialLogins?: readonly string[]): OAuthConfig {
  const serverOrigin = trimOrigin(env.DOMAIN_SERVER ?? `http://localhost:${env.PORT}`);
  const openidClient = client(
    serverOrigin,
    'openid',
    env.OPENID_CLIENT_ID,
    env.OPENID_CLIENT_SECRET,
    env.OPENID_CALLBACK_URL,
  );
  return {
    enabled: env.ALLOW_SOCIAL_LOGIN,
    allowRegistration: env.ALLOW_SOCIAL_REGISTRATION,
    serverOrigin,
    socialLogins: socialLogins ?? DEFAULT_SOCIAL_LOGINS,
    github: client(
      serverOrigin,
      'github',
      env.GITHUB_CLIENT_ID,
      env.GITHUB_CLIENT_SECRET,
      env.GITHUB_CALLBACK_URL,
    ),
    google: client(
      serverOrigin,
      'google',
      env.GOOGLE_CLIENT_ID,
      env.GOOGLE_CLIENT_SECRET,
      env.GOOGLE_CALLBACK_URL,
    ),
    discord: client(
      serverOrigin,
      'discord',
      env.DISCORD_CLIENT_ID,
      env.DISCORD_CLIENT_SECRET,
      env.DISCORD_CALLBACK_URL,
    ),
    facebook: client(
      serverOrigin,
      'facebook',
      env.FACEBOOK_CLIENT_ID,
      env.FACEBOOK_CLIENT_SECRET,
      env.FACEBOOK_CALLBACK_URL,
    ),
    openid:
      openidClient && env.OPENID_ISSUER
        ? {
            ...openidClient,
            issuer: env.OPENID_ISSUER,
            scope: env.OPENID_SCOPE || 'openid profile email',
            label: env.OPENID_BUTTON_LABEL || DEFAULT_OPENID_LABEL,
            imageUrl: env.OPENID_IMAGE_URL ?? '',
          }
        : undefined,
  };
}

/** Social sign-in off: what tests and a config without ALLOW_SOCIAL_LOGIN get. */
export const NO_OAUTH: OAuthConfig = {
  enabled: false,
  allowRegistration: false,
  serverOrigin: 'http://localhost:3080',
  socialLogins: DEFAULT_SOCIAL_LOGINS,
};
