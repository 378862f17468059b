import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { addRoute, type RouteOptions } from '../../platform/typed-route.js';
import type { TagsService } from './service.js';

/**
 * The routes are registered whether or not bookmarks are on (the route table stays whole); while
 * librechat.yaml's `interface.bookmarks` is false every one answers 403, before its input is read.
 */
export function tagsRoutes(app: FastifyInstance, deps: { tags: TagsService; enabled: () => boolean }): void {
  const { tags, enabled } = deps;
  const options: RouteOptions = {
    authorize: async () => {
      if (!enabled()) throw new AppError('forbidden', 'Bookmarks are turned off');
    },
  };

  addRoute(app, API_ROUTES.tags, async ({ user }) => tags.list(user.id), options);
  addRoute(app, API_ROUTES.createTag, async ({ user, body }) => tags.create(user.id, body), options);
  addRoute(
    app,
    API_ROUTES.updateTag,
    async ({ user, params, body }) => tags.update(user.id, params.tag, body),
    options,
  );
  addRoute(app, API_ROUTES.deleteTag, async ({ user, params }) => tags.remove(user.id, params.tag), options);
  addRoute(
    app,
    API_ROUTES.conversationTags,
    async ({ user, params, body }) => tags.setOnConversation(user.id, params.conversationId, body.tags),
    options,
  );
}
