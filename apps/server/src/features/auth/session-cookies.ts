import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE, type AuthResponse } from '@chat/contract';
import { sessionExpiryOf, type AppConfig } from '../../config/app-config.js';
import type { IssuedSession } from './service.js';

/** The httpOnly cookie holding the refresh token; only /api/auth ever receives it. */
export const REFRESH_COOKIE = 'refreshToken';
const REFRESH_PATH = '/api/auth';

type CookieConfig = Pick<AppConfig, 'secureCookies' | 'sessionExpiry'>;

/** The refresh cookie's flags: the same on setting and clearing, so a cleared cookie is Secure behind https too. */
function refreshCookieFlags(config: CookieConfig) {
  return { httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: REFRESH_PATH } as const;
}

/**
 * The hint's flags: readable by the page's script and sent with every request of the site (a
 * page can tell a visitor from someone signed in without asking the server), otherwise the
 * refresh cookie's. It holds no secret: it only says that a refresh cookie was set.
 */
function hintCookieFlags(config: CookieConfig) {
  return { httpOnly: false, sameSite: 'strict', secure: config.secureCookies, path: '/' } as const;
}

/**
 * Sets a session's cookies: the refresh token, and the hint that says this browser has one (the
 * same lifetime as the refresh token, REFRESH_TOKEN_EXPIRY, so they end together). Every way of
 * signing in goes through here.
 */
export function setSessionCookies(reply: FastifyReply, refreshToken: string, config: CookieConfig): void {
  const maxAge = Math.floor(sessionExpiryOf(config).refreshMs / 1000);
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...refreshCookieFlags(config), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintCookieFlags(config), maxAge });
}

/** Clears both cookies: the session ended (logout, a refused refresh, a deleted account). */
export function clearSessionCookies(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieFlags(config));
  reply.clearCookie(SESSION_HINT_COOKIE, hintCookieFlags(config));
}

/** Sets the session's cookies; answers the session without its refresh token (token, user, flags). */
export function sendSession(
  reply: FastifyReply,
  session: IssuedSession,
  config: Pick<AppConfig, 'secureCookies'>,
): AuthResponse {
  setSessionCookies(reply, session.refreshToken, config);
  const { refreshToken: _sent, ...answer } = session;
  return answer;
}
