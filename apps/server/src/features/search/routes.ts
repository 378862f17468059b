import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { SearchService } from './service.js';

export function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }): void {
  /** The user's matching messages and conversations, newest first. */
  addRoute(app, API_ROUTES.search, async ({ user, query }) =>
    search.search(user.id, query.q, query.pageNumber),
  );

  /** Full-text search is built in, so always available. */
  addRoute(app, API_ROUTES.searchEnabled, async () => true);
}
