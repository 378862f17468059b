/**
 * Social and OpenID Connect sign-in: the providers, LibreChat's default button
 * order (librechat.yaml `registration.socialLogins`), and the codes the callback sends back to
 * `/login?error=…` with the i18n key of each (English texts in apps/web/src/locales/en.json).
 * Zod-free: the route row is in oauth-schemas.ts.
 */
export const SOCIAL_PROVIDERS = [
  'github',
  'google',
  'discord',
  'openid',
  'facebook',
  'apple',
  'saml',
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Every provider LibreChat's `registration.socialLogins` may name (all of them are offered here). */
export const LIBRECHAT_SOCIAL_LOGINS = SOCIAL_PROVIDERS;

/** LibreChat's default `registration.socialLogins`: the order the buttons are shown in. */
export const DEFAULT_SOCIAL_LOGINS: readonly SocialProvider[] = SOCIAL_PROVIDERS;

/**
 * The providers whose answer comes back as a form POST to the callback (Apple's `form_post`, a
 * SAML Response): a cross-site POST carries no SameSite=Lax cookie, so their started sign-in is
 * found by the state the provider hands back (one-use, held in the database), not by a cookie.
 */
export const FORM_POST_PROVIDERS: readonly SocialProvider[] = ['apple', 'saml'];

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

/** The largest form a provider may post back to a callback (a signed SAML Response and its certificate). */
export const OAUTH_FORM_POST_MAX_BYTES = 512 * 1024;

/** How far the identity provider's clock may be from ours when a SAML assertion's window is checked. */
export const SAML_CLOCK_SKEW_MS = 60_000;

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
  /** The OpenID token lacks every role OPENID_REQUIRED_ROLE names: nobody signs in without one. */
  openid_role_missing: 'com_auth_error_openid_role_missing',
  /** The identity provider's SAML Response failed a check (signature, audience, validity, one use). */
  saml_refused: 'com_auth_error_saml_refused',
  banned: 'com_auth_error_login_ban',
  account_deleted: 'com_auth_error_account_deleted',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_TEXT_KEYS;

export function isOAuthErrorCode(code: string): code is OAuthErrorCode {
  return Object.hasOwn(OAUTH_ERROR_TEXT_KEYS, code);
}
