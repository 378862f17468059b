import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  LANGUAGE_COOKIE,
  SHARE_ID_PATTERN,
  SHARE_PAGE_PREFIX,
  SHARE_TEXTS,
  type SiteTranslator,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { pageLanguage } from '../../platform/html/site-pages.js';
import { addRoute } from '../../platform/typed-route.js';
import { renderMissingPage, renderSharePage, sharePageTexts } from './page.js';
import type { ShareService } from './service.js';
import type { ShareSettings } from './settings.js';

/**
 * The routes are registered whether or not shared links are on (the route table stays whole);
 * while they are off every one answers 404, as if there were none.
 */
export function shareRoutes(
  app: FastifyInstance,
  deps: {
    share: ShareService;
    settings: ShareSettings;
    appTitle: string;
    siteTexts?: SiteTranslator | undefined;
  },
): void {
  const { share, settings, appTitle } = deps;
  const on = () => {
    if (!settings.enabled) throw new AppError('not_found', SHARE_TEXTS.notFound);
  };

  addRoute(app, API_ROUTES.sharedSnapshot, async ({ params, user }) => {
    on();
    if (!settings.public && !user) throw new AppError('unauthorized', SHARE_TEXTS.signInRequired);
    return share.snapshot(params.shareId);
  });
  addRoute(app, API_ROUTES.sharedLinks, async ({ user, query }) => {
    on();
    return share.list(user.id, query.pageSize, query.cursor);
  });
  addRoute(app, API_ROUTES.sharedLinkOfConversation, async ({ user, params }) => {
    on();
    return share.linkOf(user.id, params.conversationId);
  });
  for (const def of [API_ROUTES.createSharedLink, API_ROUTES.createSharedLinkAtConversation]) {
    addRoute(app, def, async ({ user, params, body }) => {
      on();
      return share.create(user.id, params.conversationId, body.targetMessageId);
    });
  }
  addRoute(app, API_ROUTES.updateSharedLink, async ({ user, params }) => {
    on();
    return share.update(user.id, params.shareId);
  });
  addRoute(app, API_ROUTES.deleteSharedLink, async ({ user, params }) => {
    on();
    return share.remove(user.id, params.shareId);
  });

  // The reader's page: a browser navigation, so no bearer token and no session (the refresh
  // cookie only goes to /api/auth). Public links: the whole page is written here. Otherwise the
  // path is left to the web app's page (the catch-all serves it), which sends a signed-out reader
  // to sign in and reads the snapshot through the API with the session; while shared links are
  // off the path stays here and answers 404.
  if (settings.enabled && !settings.public) return;
  app.get<{ Params: { shareId: string } }>(
    `${SHARE_PAGE_PREFIX}:shareId`,
    { config: { public: true } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
      reply.type('text/html; charset=utf-8');
      // In the reader's language, chosen as the other public pages choose it.
      reply.header('Vary', 'Cookie, Accept-Language');
      const language = pageLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
      const texts = sharePageTexts(deps.siteTexts, language);
      const { shareId } = request.params;
      if (!settings.enabled || !SHARE_ID_PATTERN.test(shareId)) {
        return reply.status(404).send(renderMissingPage(appTitle, texts));
      }
      const snapshot = await share.snapshot(shareId).catch((err: unknown) => {
        if (err instanceof AppError) return undefined;
        throw err;
      });
      if (!snapshot) return reply.status(404).send(renderMissingPage(appTitle, texts));
      return reply.send(await renderSharePage(snapshot, appTitle, texts));
    },
  );
}
