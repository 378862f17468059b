import type { FastifyInstance, FastifyReply } from 'fastify';
import { TOKEN_TTL, loginRequestSchema, registerRequestSchema } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError, parseInput, toErrorBody } from '../../platform/errors.js';
import { requireUser } from '../../platform/auth-guard.js';
import type { AuthService, IssuedSession } from './service.js';

export const REFRESH_COOKIE = 'refreshToken';
const COOKIE_PATH = '/api/auth';

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; config: AppConfig }) {
  const { auth, config } = deps;

  // The same flags on setting and clearing, so a cleared cookie is Secure behind https too.
  const cookieFlags = {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: COOKIE_PATH,
  } as const;

  function sendSession(reply: FastifyReply, session: IssuedSession) {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieFlags,
      maxAge: TOKEN_TTL.refreshSeconds,
    });
    return { token: session.token, user: session.user };
  }

  app.post(
    '/api/auth/register',
    {
      config: {
        public: true,
        rateLimit: { max: config.registerRateLimit.max, timeWindow: config.registerRateLimit.windowMs },
      },
    },
    async (request, reply) => {
      const body = parseInput(registerRequestSchema, request.body);
      return sendSession(reply, await auth.register(body));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: {
        public: true,
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.windowMs,
          errorResponseBuilder: () =>
            Object.assign(
              new AppError('login_rate_limited', 'Too many login attempts, please try again later'),
              {
                statusCode: 429,
              },
            ),
        },
      },
    },
    async (request, reply) => {
      const body = parseInput(loginRequestSchema, request.body);
      return sendSession(reply, await auth.login(body));
    },
  );

  app.post('/api/auth/refresh', { config: { public: true } }, async (request, reply) => {
    try {
      return sendSession(reply, await auth.refresh(request.cookies[REFRESH_COOKIE]));
    } catch (err) {
      reply.clearCookie(REFRESH_COOKIE, cookieFlags);
      if (err instanceof AppError) return reply.status(err.status).send(toErrorBody(err));
      throw err;
    }
  });

  app.post('/api/auth/logout', { config: { public: true } }, async (request, reply) => {
    await auth.logout(request.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, cookieFlags);
    return { message: 'Logout successful', redirect: '/login' };
  });

  app.get('/api/user', async (request) => auth.getUser(requireUser(request).id));
}
