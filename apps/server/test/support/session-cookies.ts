import { expect } from 'vitest';
import { SESSION_HINT_COOKIE, TOKEN_TTL } from '@chat/contract';

/** The Set-Cookie line of `name` in an answer, or undefined. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/**
 * The answer set a session: the httpOnly refresh cookie under /api/auth and, beside it, the
 * hint that script on every page can read, with the same lifetime and SameSite.
 */
export function expectSessionCookiesSet(res: Response): void {
  const refresh = setCookieLine(res, 'refreshToken');
  const hint = setCookieLine(res, SESSION_HINT_COOKIE);
  expect(refresh, 'refresh cookie').toMatch(/^refreshToken=[^;]+;/);
  expect(hint, 'session hint').toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
  expect(hint).toMatch(/; Path=\/(;|$)/);
  expect(hint).toMatch(/SameSite=Strict/);
  expect(hint).not.toMatch(/HttpOnly/);
  expect(hint).toMatch(new RegExp(`Max-Age=${TOKEN_TTL.refreshSeconds}(;|$)`));
  expect(refresh).toMatch(new RegExp(`Max-Age=${TOKEN_TTL.refreshSeconds}(;|$)`));
}

/** The answer ended the session in the browser: both cookies cleared, each on its own path. */
export function expectSessionCookiesCleared(res: Response): void {
  const refresh = setCookieLine(res, 'refreshToken');
  const hint = setCookieLine(res, SESSION_HINT_COOKIE);
  expect(refresh, 'refresh cookie').toMatch(/^refreshToken=;/);
  expect(refresh).toMatch(/Path=\/api\/auth/);
  expect(refresh).toMatch(/Expires=Thu, 01 Jan 1970/);
  expect(hint, 'session hint').toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;`));
  expect(hint).toMatch(/; Path=\/(;|$)/);
  expect(hint).toMatch(/Expires=Thu, 01 Jan 1970/);
}
