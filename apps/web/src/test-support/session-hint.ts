import { SESSION_HINT_COOKIE } from '@chat/contract';

/** The browser holds the session hint, as after a sign-in: the app asks for its session at start. */
export function setSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
}

/** The browser holds no hint, as a visitor's. */
export function clearSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
