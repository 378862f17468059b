/**
 * A second factor at sign-in: LibreChat's TOTP two-factor authentication (an authenticator app's
 * six-digit codes, ten one-use backup codes) and passkeys (WebAuthn) as a way to sign in.
 * Zod-free: the web's Settings and login step and the server read these; the schemas and route
 * rows are in two-factor-schemas.ts.
 */

/** RFC 6238 as LibreChat and every authenticator app use it: HMAC-SHA1, 6 digits, 30 s steps. */
export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** Codes of this many steps before and after now are accepted too (clocks drift). */
  windowSteps: 1,
  /** Random bytes of a new secret (RFC 4226 recommends 160 bits), written in Base32. */
  secretBytes: 20,
} as const;

export const TWO_FACTOR_LIMITS = {
  /** Backup codes made at once (LibreChat's ten), each 8 hexadecimal digits, usable once. */
  backupCodeCount: 10,
  backupCodeBytes: 4,
  /** How long the step between the password and the code may take (LibreChat's five minutes). */
  tempTokenSeconds: 5 * 60,
  /**
   * Codes tried per account and per source address within the window (every try counts, so that
   * requests sent at once cannot pass the limit together): six digits are a million guesses, so
   * ten tries per quarter hour keep guessing hopeless and leave a person room for typing slips.
   * A passkey's answer at sign-in counts against the address's tries too.
   */
  attemptsPerUser: 10,
  attemptsPerIp: 30,
  attemptsWindowMs: 15 * 60_000,
  /** Length of a code or backup code a request may carry (longer is refused unread). */
  codeMax: 32,
  /** Passkey sign-ins one address may start per minute (each keeps a challenge for a while). */
  passkeyOptionsPerMinute: 30,
  /** How long a passkey ceremony's challenge stays usable. */
  challengeSeconds: 5 * 60,
  /** Passkeys one account may register. */
  passkeysPerUser: 20,
  /** A passkey's name, in characters. */
  passkeyNameMax: 64,
  /** The longest signed-in WebAuthn answer accepted (its JSON, in characters). */
  webauthnResponseMax: 64 * 1024,
} as const;

/** LibreChat's answers, in English (the web shows its own translated texts). */
export const TWO_FACTOR_TEXTS = {
  notInitiated: '2FA not initiated',
  alreadyEnabled: '2FA is already enabled; disable it first',
  invalidToken: 'Invalid token.',
  invalidTokenOrBackupCode: 'Invalid token or backup code.',
  notSetUp: '2FA is not setup for this user',
  codeRequired: 'Either token or backup code is required to disable 2FA',
  invalidDisable: 'Invalid token or backup code',
  missingTempToken: 'Missing temporary token',
  invalidTempToken: 'Invalid or expired temporary token',
  notEnabled: '2FA is not enabled for this user',
  invalidLoginCode: 'Invalid 2FA code or backup code',
  tooManyAttempts: 'Too many two-factor attempts. Please try again later.',
  noUser: 'No user with this email',
  userNotFound: 'User not found',
  notForFreeTier: 'Not available for this account',
  ownerOnly: "Only the account's owner may change its sign-in",
  passkeyNotFound: 'Passkey not found',
  passkeyLimit: 'Too many passkeys',
  passkeyFailed: 'The passkey could not be verified',
  passkeyChallengeExpired: 'The passkey request expired; please try again',
} as const;

/**
 * The web page of the code step. A social or OpenID sign-in of an account with two-factor
 * authentication is sent here with `?tempToken=` (LibreChat's page and parameter).
 */
export const TWO_FACTOR_LOGIN_PATH = '/login/2fa';
export const TEMP_TOKEN_PARAM = 'tempToken';

/** The issuer shown in authenticator apps: the app's title without spaces (LibreChat's). */
export function totpIssuer(appTitle: string): string {
  return appTitle.replace(/\s+/g, '') || 'LibreChat';
}

/** LibreChat's otpauth URL: otpauth://totp/<issuer>:<email>?secret=<base32>&issuer=<issuer>. */
export function otpauthUrl(issuer: string, email: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}`;
}

/** A code as typed: spaces and dashes dropped (apps show "123 456"). */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}
