import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  OAUTH_FLOW_TTL_SECONDS,
  OAUTH_RATE_LIMIT,
  oauthCallbackPath,
  oauthStartPath,
  type OAuthErrorCode,
  type SocialProvider,
} from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { setSessionCookies } from '../auth/index.js';
import { OAuthRefusal, type OAuthService } from './service.js';

/** This browser's state of the sign-in it started (compared with the callback's `state`). */
export const STATE_COOKIE = 'oauth_state';

/**
 * Browser navigations, not API calls (outside /api: no bearer token, answers are redirects):
 * GET /oauth/:provider sends the browser to the provider; GET /oauth/:provider/callback ends at
 * DOMAIN_CLIENT/c/new with the cookies login sets (the web app refreshes on load), or at
 * /login?error=<code>. An unknown or disabled provider is 404.
 */
export function oauthRoutes(app: FastifyInstance, deps: { oauth: OAuthService; config: AppConfig }) {
  const { oauth, config } = deps;
  const clientOrigin = config.clientOrigin ?? '';
  const limit = config.oauth?.rateLimit ?? OAUTH_RATE_LIMIT;
  const rateLimit = { max: limit.max, timeWindow: limit.windowMs };
  // Lax: the callback is a top-level navigation coming back from the provider's site.
  const stateFlags = (provider: SocialProvider) =>
    ({
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: oauthStartPath(provider),
    }) as const;

  const notFound = () => new AppError('not_found', 'Not found');
  const toLogin = (reply: FastifyReply, code: OAuthErrorCode) =>
    reply.redirect(`${clientOrigin}/login?error=${encodeURIComponent(code)}`, 302);

  app.get<{ Params: { provider: string } }>(
    '/oauth/:provider',
    { config: { public: true, rateLimit } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!oauth.isEnabled(provider)) throw notFound();
      try {
        const { url, state } = await oauth.start(provider);
        reply.setCookie(STATE_COOKIE, state, { ...stateFlags(provider), maxAge: OAUTH_FLOW_TTL_SECONDS });
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(url, 302);
      } catch (err) {
        request.log.warn(
          { provider, reason: err instanceof Error ? err.message : String(err) },
          'social sign-in could not start',
        );
        return toLogin(reply, 'oauth_failed');
      }
    },
  );

  // LibreChat's older address for Google sign-in, which links and clients still use: the browser
  // goes on to where that sign-in starts. Not configured, it is not there (as /oauth/google).
  app.get('/api/auth/google', { config: { public: true, rateLimit } }, async (_request, reply) => {
    if (!oauth.isEnabled('google')) throw notFound();
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(oauthStartPath('google'), 302);
  });

  app.get<{ Params: { provider: string } }>(
    '/oauth/:provider/callback',
    { config: { public: true, rateLimit } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!oauth.isEnabled(provider)) throw notFound();
      const cookieState = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, stateFlags(provider));
      reply.header('Cache-Control', 'no-store');
      // The URL the provider redirected to: the registered redirect URI with this query.
      const current = new URL(
        config.oauth?.[provider]?.callbackURL ?? oauthCallbackPath(provider),
        clientOrigin,
      );
      current.search = new URL(request.url, 'http://localhost').search;
      try {
        const session = await oauth.finish(provider, current, cookieState);
        setSessionCookies(reply, session.refreshToken, config);
        return reply.redirect(`${clientOrigin}/c/new`, 302);
      } catch (err) {
        if (err instanceof OAuthRefusal) {
          request.log.info({ provider, code: err.code, reason: err.message }, 'social sign-in refused');
          return toLogin(reply, err.code);
        }
        request.log.error({ err, provider }, 'social sign-in failed');
        return toLogin(reply, 'oauth_failed');
      }
    },
  );
}
