import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  OAUTH_FLOW_TTL_SECONDS,
  OAUTH_RATE_LIMIT,
  oauthCallbackPath,
  oauthStartPath,
  TEMP_TOKEN_PARAM,
  TWO_FACTOR_LOGIN_PATH,
  type OAuthErrorCode,
  type SocialProvider,
} from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { setSessionCookies } from '../auth/index.js';
import { OAuthRefusal, answersByFormPost, type OAuthService } from './service.js';

/** This browser's state of the sign-in it started (compared with the callback's `state`). */
const STATE_COOKIE = 'oauth_state';

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
  // Lax: the callback is a top-level navigation coming back from the provider's site. A provider
  // that posts its answer (Apple, SAML) is a cross-site POST, which only a SameSite=None cookie
  // survives; browsers take that only with Secure, so over https its state is bound to the browser
  // too, and over plain http (a local trial) its one-use state held here stands alone.
  const formPost = (provider: SocialProvider) => answersByFormPost(provider);
  const bindsBrowser = (provider: SocialProvider) => !formPost(provider) || config.secureCookies;
  const stateFlags = (provider: SocialProvider) =>
    ({
      httpOnly: true,
      sameSite: formPost(provider) ? 'none' : 'lax',
      secure: config.secureCookies,
      path: oauthStartPath(provider),
    }) as const;

  const notFound = () => new AppError('not_found', 'Not found');
  const toLogin = (reply: FastifyReply, code: OAuthErrorCode, status: 302 | 303 = 302) =>
    reply.redirect(`${clientOrigin}/login?error=${encodeURIComponent(code)}`, status);

  app.get<{ Params: { provider: string } }>(
    '/oauth/:provider',
    { config: { public: true, rateLimit } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!oauth.isEnabled(provider)) throw notFound();
      try {
        const { url, state } = await oauth.start(provider);
        if (bindsBrowser(provider)) {
          reply.setCookie(STATE_COOKIE, state, { ...stateFlags(provider), maxAge: OAUTH_FLOW_TTL_SECONDS });
        }
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

  /** The callback's end: signed in at /c/new, or back on /login with the reason. */
  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: SocialProvider,
    answer: URLSearchParams,
    status: 302 | 303,
  ) {
    const cookieState = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, stateFlags(provider));
    reply.header('Cache-Control', 'no-store');
    // The URL the provider returned to: the registered redirect URI with its answer as the query.
    const current = new URL(
      config.oauth?.[provider]?.callbackURL ?? oauthCallbackPath(provider),
      clientOrigin,
    );
    current.search = answer.toString();
    try {
      const session = await oauth.finish(provider, current, {
        state: cookieState,
        required: bindsBrowser(provider),
      });
      if ('twoFAPending' in session) {
        // Two-factor authentication: the web's code step, with the short-lived token (no session yet).
        const step = `${TWO_FACTOR_LOGIN_PATH}?${TEMP_TOKEN_PARAM}=${encodeURIComponent(session.tempToken)}`;
        return reply.redirect(`${clientOrigin}${step}`, status);
      }
      setSessionCookies(reply, session.refreshToken, config);
      return reply.redirect(`${clientOrigin}/c/new`, status);
    } catch (err) {
      if (err instanceof OAuthRefusal) {
        request.log.info({ provider, code: err.code, reason: err.message }, 'social sign-in refused');
        return toLogin(reply, err.code, status);
      }
      request.log.error({ err, provider }, 'social sign-in failed');
      return toLogin(reply, 'oauth_failed', status);
    }
  }

  app.get<{ Params: { provider: string } }>(
    '/oauth/:provider/callback',
    { config: { public: true, rateLimit } },
    async (request, reply) => {
      const { provider } = request.params;
      // Apple and SAML answer by POST only; their answer in a link's query is never taken.
      if (!oauth.isEnabled(provider) || formPost(provider)) throw notFound();
      return finish(request, reply, provider, new URL(request.url, 'http://localhost').searchParams, 302);
    },
  );

  // Apple (response_mode=form_post) and SAML (HTTP-POST binding) post their answer as a form. A
  // 303 sends the browser on with a GET, as after any form.
  app.post<{ Params: { provider: string }; Body: Record<string, string> | undefined }>(
    '/oauth/:provider/callback',
    { config: { public: true, rateLimit, formPost: true } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!oauth.isEnabled(provider) || !formPost(provider)) throw notFound();
      const fields = request.body && typeof request.body === 'object' ? request.body : {};
      const answer = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) {
        if (typeof value === 'string') answer.set(key, value);
      }
      return finish(request, reply, provider, answer, 303);
    },
  );
}
