import {
  DEFAULT_OPENID_LABEL,
  DEFAULT_SOCIAL_LOGINS,
  oauthCallbackPath,
  type SocialProvider,
} from '@chat/contract';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, type Env } from './env.js';

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
  /**
   * OPENID_REQUIRED_ROLE (comma list: any one suffices), read at OPENID_REQUIRED_ROLE_PARAMETER_PATH
   * in the token OPENID_REQUIRED_ROLE_TOKEN_KIND names: a sign-in without one is refused.
   */
  requiredRole?: { roles: string[]; tokenKind: 'id' | 'access'; path: string } | undefined;
  /**
   * OPENID_ADMIN_ROLE at OPENID_ADMIN_ROLE_PARAMETER_PATH in OPENID_ADMIN_ROLE_TOKEN_KIND's token:
   * each sign-in makes the account an administrator when it is there, a user when it is not.
   */
  adminRole?: { role: string; tokenKind: 'id' | 'access' | 'userinfo'; path: string } | undefined;
  /** OPENID_USERNAME_CLAIM, OPENID_NAME_CLAIM: the claims a new account's username and name come from. */
  usernameClaim?: string | undefined;
  nameClaim?: string | undefined;
  /**
   * OPENID_USE_END_SESSION_ENDPOINT: signing out of an account that signs in through the provider
   * goes on to the provider's end_session_endpoint, which returns to `postLogoutRedirectUri`
   * (OPENID_POST_LOGOUT_REDIRECT_URI, else DOMAIN_CLIENT/login).
   */
  endSession?: { postLogoutRedirectUri: string } | undefined;
}

/**
 * SAML 2.0 sign-in (LibreChat's SAML_* settings): the identity provider's entry point and signing
 * certificate, this service's entity ID, and the attributes an account is made from.
 */
export interface SamlClientConfig {
  entryPoint: string;
  /** SAML_ISSUER: this service's entity ID, and the audience the assertions must name. */
  issuer: string;
  /** SAML_CERT as PEM or bare base64 (a file's content, when it named a file). */
  idpCert: string;
  /** The absolute assertion consumer URL: DOMAIN_SERVER + SAML_CALLBACK_URL. */
  callbackURL: string;
  /** SAML_USE_AUTHN_RESPONSE_SIGNED: the whole Response signed, else the Assertion. */
  responseSigned: boolean;
  claims: {
    email?: string | undefined;
    username?: string | undefined;
    givenName?: string | undefined;
    familyName?: string | undefined;
    picture?: string | undefined;
    name?: string | undefined;
  };
  /** SAML_BUTTON_LABEL, SAML_IMAGE_URL: empty when unset (the button's own text and mark then). */
  label: string;
  imageUrl: string;
}

/** Sign in with Apple (LibreChat's APPLE_* settings): the client secret is signed with the key. */
export interface AppleClientConfig {
  clientId: string;
  teamId: string;
  keyId: string;
  /** The .p8 key (PKCS #8 PEM) read from APPLE_PRIVATE_KEY_PATH at start. */
  privateKey: string;
  callbackURL: string;
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
  apple?: AppleClientConfig | undefined;
  saml?: SamlClientConfig | undefined;
  /** Navigations per IP and window; the contract's OAUTH_RATE_LIMIT when absent. */
  rateLimit?: { max: number; windowMs: number };
  /**
   * Tests only (never read from the environment): each OAuth 2 provider's API origin replaced,
   * e.g. `{ github: 'http://127.0.0.1:4567' }`, so its fake answers the token and profile calls.
   */
  origins?: Partial<Record<'github' | 'google' | 'discord' | 'facebook' | 'apple', string>>;
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

/**
 * A role rule needs all three of its settings: a role without a token kind or a path could only
 * refuse everyone (required) or never apply (admin), so start-up names what is missing instead.
 */
function roleRule<K extends string>(
  prefix: string,
  role: string | undefined,
  tokenKind: K | undefined,
  path: string | undefined,
): { tokenKind: K; path: string } | undefined {
  if (!role) return undefined;
  const missing = [
    ...(tokenKind ? [] : [`${prefix}_TOKEN_KIND`]),
    ...(path ? [] : [`${prefix}_PARAMETER_PATH`]),
  ];
  if (missing.length > 0 || !tokenKind || !path) {
    throw new ConfigError(`Invalid configuration:\n  ${prefix} needs ${missing.join(' and ')}`);
  }
  return { tokenKind, path };
}

/** The OpenID settings beyond the client: role rules, claims, signing out at the provider. */
function openIdRules(env: Env) {
  const required = roleRule(
    'OPENID_REQUIRED_ROLE',
    env.OPENID_REQUIRED_ROLE?.join(','),
    env.OPENID_REQUIRED_ROLE_TOKEN_KIND,
    env.OPENID_REQUIRED_ROLE_PARAMETER_PATH,
  );
  const admin = roleRule(
    'OPENID_ADMIN_ROLE',
    env.OPENID_ADMIN_ROLE,
    env.OPENID_ADMIN_ROLE_TOKEN_KIND,
    env.OPENID_ADMIN_ROLE_PARAMETER_PATH,
  );
  const clientOrigin = trimOrigin(env.DOMAIN_CLIENT ?? `http://localhost:${env.PORT}`);
  return {
    requiredRole:
      required && env.OPENID_REQUIRED_ROLE ? { roles: env.OPENID_REQUIRED_ROLE, ...required } : undefined,
    adminRole: admin && env.OPENID_ADMIN_ROLE ? { role: env.OPENID_ADMIN_ROLE, ...admin } : undefined,
    usernameClaim: env.OPENID_USERNAME_CLAIM || undefined,
    nameClaim: env.OPENID_NAME_CLAIM || undefined,
    endSession: env.OPENID_USE_END_SESSION_ENDPOINT
      ? { postLogoutRedirectUri: env.OPENID_POST_LOGOUT_REDIRECT_URI || `${clientOrigin}/login` }
      : undefined,
  };
}

/**
 * SAML_CERT as LibreChat takes it: a PEM block, bare base64, or the path of a file holding one (a
 * relative path from the working directory). Anything else stops start-up with the setting's name.
 */
function samlCertificate(value: string): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (/^-----BEGIN (CERTIFICATE|PUBLIC KEY)-----/.test(text)) return text;
  if (/^[A-Za-z0-9+/=\s]+$/.test(text) && text.replace(/\s/g, '').length % 4 === 0 && text.length > 64) {
    return text.replace(/\s/g, '');
  }
  const path = resolve(text);
  if (existsSync(path) && statSync(path).isFile()) return readFileSync(path, 'utf8').trim();
  throw new ConfigError(
    'Invalid configuration:\n  SAML_CERT must be a PEM certificate, its base64 text, or the path of a file holding one',
  );
}

function samlFrom(env: Env, serverOrigin: string): SamlClientConfig | undefined {
  if (!env.SAML_ENTRY_POINT || !env.SAML_ISSUER || !env.SAML_CERT) return undefined;
  return {
    entryPoint: env.SAML_ENTRY_POINT,
    issuer: env.SAML_ISSUER,
    idpCert: samlCertificate(env.SAML_CERT),
    callbackURL: callbackURL(serverOrigin, 'saml', env.SAML_CALLBACK_URL),
    responseSigned: env.SAML_USE_AUTHN_RESPONSE_SIGNED,
    claims: {
      email: env.SAML_EMAIL_CLAIM || undefined,
      username: env.SAML_USERNAME_CLAIM || undefined,
      givenName: env.SAML_GIVEN_NAME_CLAIM || undefined,
      familyName: env.SAML_FAMILY_NAME_CLAIM || undefined,
      picture: env.SAML_PICTURE_CLAIM || undefined,
      name: env.SAML_NAME_CLAIM || undefined,
    },
    label: env.SAML_BUTTON_LABEL ?? '',
    imageUrl: env.SAML_IMAGE_URL ?? '',
  };
}

function appleFrom(env: Env, serverOrigin: string): AppleClientConfig | undefined {
  const { APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY_PATH } = env;
  if (!APPLE_CLIENT_ID || !APPLE_TEAM_ID || !APPLE_KEY_ID || !APPLE_PRIVATE_KEY_PATH) return undefined;
  let privateKey: string;
  try {
    privateKey = readFileSync(resolve(APPLE_PRIVATE_KEY_PATH), 'utf8');
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  APPLE_PRIVATE_KEY_PATH: cannot read ${APPLE_PRIVATE_KEY_PATH}`,
    );
  }
  return {
    clientId: APPLE_CLIENT_ID,
    teamId: APPLE_TEAM_ID,
    keyId: APPLE_KEY_ID,
    privateKey,
    callbackURL: callbackURL(serverOrigin, 'apple', env.APPLE_CALLBACK_URL),
  };
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
            ...openIdRules(env),
          }
        : undefined,
    apple: appleFrom(env, serverOrigin),
    saml: samlFrom(env, serverOrigin),
  };
}

/** Social sign-in off: what tests and a config without ALLOW_SOCIAL_LOGIN get. */
export const NO_OAUTH: OAuthConfig = {
  enabled: false,
  allowRegistration: false,
  serverOrigin: 'http://localhost:3080',
  socialLogins: DEFAULT_SOCIAL_LOGINS,
};
