import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_ROUTES, TOKEN_TTL, type AuthResponse } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError, toErrorBody } from '../../platform/errors.js';
import { addRoute } from '../../platform/typed-route.js';
import type { AuthService, IssuedSession } from './service.js';
import type { IdentityService } from './identity.js';
import { mailLanguage } from './mail-texts.js';
import type { LoginLimits } from './login-limits.js';

export const REFRESH_COOKIE = 'refreshToken';
const COOKIE_PATH = '/api/auth';

/** The refresh cookie's flags: the same on setting and clearing, so a cleared cookie is Secure behind https too. */
export function refreshCookieFlags(config: Pick<AppConfig, 'secureCookies'>) {
  return { httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: COOKIE_PATH } as const;
}

/** Sets the session's refresh cookie; answers the session without it (token, user, flags). */
export function sendSession(
  reply: FastifyReply,
  session: IssuedSession,
  config: Pick<AppConfig, 'secureCookies'>,
): AuthResponse {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...refreshCookieFlags(config),
    maxAge: TOKEN_TTL.refreshSeconds,
  });
  const { refreshToken: _sent, ...answer } = session;
  return answer;
}

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    identity: IdentityService;
    config: AppConfig;
    loginLimits: LoginLimits;
  },
) {
  const { auth, identity, config } = deps;
  const cookieFlags = refreshCookieFlags(config);

  const send = (reply: FastifyReply, session: IssuedSession) => sendSession(reply, session, config);

  addRoute(
    app,
    API_ROUTES.register,
    async ({ body, request, reply }) => {
      const result = await auth.register(body, mailLanguage(request.headers['accept-language']), {
        ip: request.ip,
      });
      return 'refreshToken' in result ? send(reply, result) : result;
    },
    { rateLimit: { max: config.registerRateLimit.max, timeWindow: config.registerRateLimit.windowMs } },
  );

  // Failed logins are limited by where they come from (login-limits.ts); no account is charged.
  addRoute(app, API_ROUTES.login, async ({ body, request, reply }) => {
    await deps.loginLimits.assertAllowed(request.ip, body.email);
    try {
      return send(reply, await auth.login(body));
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_credentials') {
        await deps.loginLimits.failed(request.ip, body.email);
      }
      throw err;
    }
  });

  addRoute(app, API_ROUTES.refresh, async ({ request, reply }) => {
    try {
      return send(reply, await auth.refresh(request.cookies[REFRESH_COOKIE]));
    } catch (err) {
      // A refusal ends the cookie; the database not answering does not (503: the same cookie
      // refreshes once it is back, rather than every user being signed out by an outage).
      if (!(err instanceof AppError) || err.code === 'service_unavailable') throw err;
      reply.clearCookie(REFRESH_COOKIE, cookieFlags);
      return reply.status(err.status).send(toErrorBody(err));
    }
  });

  addRoute(app, API_ROUTES.logout, async ({ request, reply }) => {
    await auth.logout(request.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, cookieFlags);
    return { message: 'Logout successful', redirect: '/login' };
  });

  addRoute(app, API_ROUTES.logoutAll, async ({ user, reply }) => {
    await auth.logoutAll(user.id);
    reply.clearCookie(REFRESH_COOKIE, cookieFlags);
    return { message: 'Logout successful', redirect: '/login' };
  });

  addRoute(app, API_ROUTES.user, async ({ user }) => auth.getUser(user.id));

  // Email verification and password reset: limited like registration (each may send a mail).
  const mailLimit = {
    rateLimit: { max: config.registerRateLimit.max, timeWindow: config.registerRateLimit.windowMs },
  };
  addRoute(
    app,
    API_ROUTES.requestPasswordReset,
    async ({ body, request }) =>
      identity.requestPasswordReset(body.email, mailLanguage(request.headers['accept-language'])),
    mailLimit,
  );
  addRoute(app, API_ROUTES.resetPassword, async ({ body }) => identity.resetPassword(body), {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  });
  addRoute(
    app,
    API_ROUTES.resendConfirmEmail,
    async ({ query, request }) =>
      identity.resendConfirmation(query, mailLanguage(request.headers['accept-language'])),
    mailLimit,
  );
  addRoute(app, API_ROUTES.emailConfirmation, async ({ query }) => identity.confirmEmail(query.token), {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  });
}
