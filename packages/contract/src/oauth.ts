import { z } from 'zod';
import { route } from './route-def.js';

/**
 * Social and OpenID Connect sign-in: the providers, LibreChat's default button
 * order (librechat.yaml `registration.socialLogins`), and the codes the callback sends back to
 * `/login?error=…` with the i18n key of each (English texts in apps/web/src/locales/en.json).
 */
export const SOCIAL_PROVIDERS = ['github', 'google', 'discord', 'openid', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** LibreChat's default `registration.socialLogins`: the order the buttons are shown in. */
export const DEFAULT_SOCIAL_LOGINS: readonly SocialProvider[] = SOCIAL_PROVIDERS;

export function isSocialProvider(name: string): name is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(name);
}

/** The browser navigates here (full page) to start a sign-in; the provider returns to `…/callback`. */
export const oauthStartPath = (provider: SocialProvider): string => `/oauth/${provider}`;
export const oauthCallbackPath = (provider: SocialProvider): string => `/oauth/${provider}/callback`;

/** The label of the OpenID button when OPENID_BUTTON_LABEL is not set (LibreChat's). */
export const DEFAULT_OPENID_LABEL = 'Continue with OpenID';

/**
 * Social sign-in navigations per IP and window (start and callback each count): looser than the
 * password login's, since no password is guessed here, but bounding how fast flows can be opened.
 */
export const OAUTH_RATE_LIMIT = { max: 60, windowMs: 5 * 60_000 } as const;

/** How long a started sign-in may take before its callback is refused. */
export const OAUTH_FLOW_TTL_SECONDS = 10 * 60;

/** Why a social sign-in ended on /login instead of /c/new: `?error=<code>`. */
export const OAUTH_ERROR_TEXT_KEYS = {
  /** State missing, tampered, expired or replayed; the provider refused; a token failed its checks. */
  oauth_failed: 'com_auth_error_oauth_failed',
  /** The provider did not vouch for the e-mail address: no account is made or linked. */
  oauth_email_unverified: 'com_auth_error_oauth_email_unverified',
  /** Nobody has this identity or address yet and ALLOW_SOCIAL_REGISTRATION is off. */
  oauth_registration_disabled: 'com_auth_error_oauth_registration_disabled',
  /** A new account's address is outside librechat.yaml's `registration.allowedDomains`. */
  email_domain_not_allowed: 'com_auth_error_email_domain_not_allowed',
  banned: 'com_auth_error_login_ban',
  account_deleted: 'com_auth_error_account_deleted',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_TEXT_KEYS;

export function isOAuthErrorCode(code: string): code is OAuthErrorCode {
  return Object.hasOwn(OAUTH_ERROR_TEXT_KEYS, code);
}

/**
 * LibreChat's older address for Google sign-in, which links still use: a browser navigation, not
 * an API call. It answers 302 to /oauth/google (404 without Google sign-in) and no body.
 */
export const OAUTH_ROUTES = {
  googleSignIn: route({
    method: 'GET',
    path: '/api/auth/google',
    summary: 'Send the browser on to the Google sign-in (302 to /oauth/google; 404 when it is off)',
    public: true,
    response: z.never(),
  }),
} as const;
