import { SESSION_HINT_COOKIE } from '@chat/contract';
import { COUNTER_KEY } from './refresh-share';

/**
 * Set once this browser has asked whether it holds a session from before the hint cookie existed
 * (/boot.js spells it too). Asked once, never again: from then on the hint alone decides.
 */
export const SESSION_CHECKED_KEY = 'omnichat:session-checked';

/** Whether the browser holds the session hint (set and cleared by the server with the refresh cookie). */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return name === SESSION_HINT_COOKIE && Boolean(value);
  });
}

/**
 * A browser that signed in before the server set the hint: it has refreshed here (the tabs'
 * refresh counter is there) and has not been asked since. Marked as asked on the way, so a
 * visitor who once signed out is never asked again; a session it finds gets the hint then.
 */
function takeSessionFromBefore(): boolean {
  try {
    if (localStorage.getItem(COUNTER_KEY) === null || localStorage.getItem(SESSION_CHECKED_KEY) !== null) {
      return false;
    }
    localStorage.setItem(SESSION_CHECKED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * This browser has had a session of the hint's time (the hint was there, or a session was set):
 * the question of a session from before never arises again, after a logout either.
 */
export function noteSessionSeen(): void {
  try {
    localStorage.setItem(SESSION_CHECKED_KEY, '1');
  } catch {
    // storage unavailable: the hint alone decides
  }
}

/**
 * Whether asking for the session at start-up may find one. A visitor's browser holds neither the
 * hint nor the refresh cookie: asking would only cost a request (and, before, a 401 in the console).
 */
export function mayHoldSession(): boolean {
  if (!hasSessionHint()) return takeSessionFromBefore();
  noteSessionSeen();
  return true;
}
