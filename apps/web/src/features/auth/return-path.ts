import { NEW_CONVO } from '@chat/contract';

/** LibreChat's name for where sign-in returns to (`/login?redirect_to=/c/…`). */
export const RETURN_PARAM = 'redirect_to';

/**
 * The in-app path a sign-in may return to: a path of this site (one leading slash: never `//host`
 * or `/\host`, which a browser reads as another site), not the sign-in pages themselves.
 * Null for anything else: the caller goes to a new chat.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  const path = value.split(/[?#]/)[0]!;
  if (/^\/(login|register|forgot-password|reset-password|verify-email)(\/|$)/.test(path)) return null;
  return value;
}

/**
 * The sign-in page for someone whose session is missing at `from`: with the way back when `from`
 * is worth returning to (not a new chat, which is where a sign-in lands anyway).
 */
export function loginWithReturn(loginPath: string, from: string): string {
  if (loginPath !== '/login') return loginPath;
  const back = safeReturnPath(from);
  if (!back || back === `/c/${NEW_CONVO}`) return loginPath;
  return `${loginPath}?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}
