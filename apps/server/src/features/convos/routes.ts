import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { ConvosService } from './service.js';

export function convosRoutes(
  app: FastifyInstance,
  deps: { convos: ConvosService; bookmarksOn: () => boolean },
): void {
  const { convos } = deps;
  // With bookmarks turned off a filter by them is ignored: the whole list, as before it was set.
  addRoute(app, API_ROUTES.convosPage, async ({ user, query }) =>
    convos.page(user.id, query.pageNumber, deps.bookmarksOn() ? query.tags : undefined),
  );

  addRoute(app, API_ROUTES.convo, async ({ user, params }) => convos.get(user.id, params.id));

  addRoute(app, API_ROUTES.renameConvo, async ({ user, body: { arg } }) =>
    convos.rename(user.id, arg.conversationId, arg.title),
  );

  addRoute(app, API_ROUTES.clearConvos, async ({ user, body: { arg } }) =>
    convos.clear(user.id, arg.conversationId),
  );

  addRoute(app, API_ROUTES.genTitle, async ({ user, body }) =>
    convos.generatedTitle(user.id, body.conversationId),
  );
}
