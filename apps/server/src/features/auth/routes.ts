import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_ROUTES, loginRequestSchema } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError, parseInput, toErrorBody } from '../../platform/errors.js';
import { addRoute } from '../../platform/typed-route.js';
import { preferredLanguage } from '../../platform/accept-language.js';
import type { AuthService, IssuedSession } from './service.js';
import type { IdentityService } from './identity.js';
import type { LoginLimits } from './login-limits.js';
import { clearSessionCookies, REFRESH_COOKIE, sendSession } from './session-cookies.js';

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    identity: IdentityService;
    config: AppConfig;
    loginLimits: LoginLimits;
    /** Where a signed-out user goes instead of /login (their identity provider's sign-out). */
    logoutRedirect: (userId: string) => Promise<string | undefined>;
  },
) {
  const { auth, identity, config } = deps;

  const send = (reply: FastifyReply, session: IssuedSession) => sendSession(reply, session, config);

  addRoute(
    app,
    API_ROUTES.register,
    async ({ body, request, reply }) => {
      const result = await auth.register(body, preferredLanguage(request.headers['accept-language']), {
        ip: request.ip,
      });
      return 'refreshToken' in result ? send(reply, result) : result;
    },
    { rateLimit: { max: config.registerRateLimit.max, timeWindow: config.registerRateLimit.windowMs } },
  );

  // Failed logins are limited by where they come from (login-limits.ts); no account is charged.
  // The route's shape takes any name (LDAP_LOGIN_USES_USERNAME's); otherwise it must be an address.
  addRoute(app, API_ROUTES.login, async ({ body: given, request, reply }) => {
    const body = config.ldap?.usesUsername ? given : parseInput(loginRequestSchema, given);
    await deps.loginLimits.assertAllowed(request.ip, body.email);
    try {
      const outcome = await auth.login(body);
      // Two-factor authentication: no session (nor cookie) until the code step.
      return 'twoFAPending' in outcome ? outcome : send(reply, outcome);
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_credentials') {
        await deps.loginLimits.failed(request.ip, body.email);
      }
      throw err;
    }
  });

  addRoute(app, API_ROUTES.refresh, async ({ request, reply }) => {
    const refreshToken = request.cookies[REFRESH_COOKIE];
    // No cookie, no session to refresh: "nobody is signed in here" is an answer, not a refusal
    // (a 401 would be an error in the console of a browser that only checked). The hint is
    // cleared in case it outlived its refresh cookie.
    if (!refreshToken) {
      clearSessionCookies(reply, config);
      return reply.status(204).send();
    }
    try {
      return send(reply, await auth.refresh(refreshToken));
    } catch (err) {
      // A refusal ends the cookie; the database not answering does not (503: the same cookie
      // refreshes once it is back, rather than every user being signed out by an outage).
      if (!(err instanceof AppError) || err.code === 'service_unavailable') throw err;
      clearSessionCookies(reply, config);
      return reply.status(err.status).send(toErrorBody(err));
    }
  });

  addRoute(app, API_ROUTES.logout, async ({ request, reply }) => {
    const userId = await auth.logout(request.cookies[REFRESH_COOKIE]);
    clearSessionCookies(reply, config);
    return {
      message: 'Logout successful',
      redirect: (userId && (await deps.logoutRedirect(userId))) || '/login',
    };
  });

  addRoute(app, API_ROUTES.logoutAll, async ({ user, reply }) => {
    await auth.logoutAll(user.id);
    clearSessionCookies(reply, config);
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
      identity.requestPasswordReset(body.email, preferredLanguage(request.headers['accept-language'])),
    mailLimit,
  );
  addRoute(app, API_ROUTES.resetPassword, async ({ body }) => identity.resetPassword(body), {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  });
  addRoute(
    app,
    API_ROUTES.resendConfirmEmail,
    async ({ query, request }) =>
      identity.resendConfirmation(query, preferredLanguage(request.headers['accept-language'])),
    mailLimit,
  );
  addRoute(app, API_ROUTES.emailConfirmation, async ({ query }) => identity.confirmEmail(query.token), {
    rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
  });
}
