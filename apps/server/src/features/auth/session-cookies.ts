import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE, TOKEN_TTL } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';

/** The httpOnly cookie holding the refresh token; only /api/auth ever receives it. */
export const REFRESH_COOKIE = 'refreshToken';
const REFRESH_PATH = '/api/auth';

type CookieConfig = Pick<AppConfig, 'secureCookies'>;

/** The refresh cookie's flags: the same on setting and clearing, so a cleared cookie is Secure behind https too. */
export function refreshCookieFlags(config: CookieConfig) {
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
 * same lifetime, so they end together). Every way of signing in goes through here.
 */
export function setSessionCookies(reply: FastifyReply, refreshToken: string, config: CookieConfig): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    ...refreshCookieFlags(config),
    maxAge: TOKEN_TTL.refreshSeconds,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintCookieFlags(config), maxAge: TOKEN_TTL.refreshSeconds });
}

/** Clears both cookies: the session ended (logout, a refused refresh, a deleted account). */
export function clearSessionCookies(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieFlags(config));
  reply.clearCookie(SESSION_HINT_COOKIE, hintCookieFlags(config));
}
