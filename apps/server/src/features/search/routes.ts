import type { FastifyInstance } from 'fastify';
import { searchQuerySchema } from '@chat/contract';
import { requireUser } from '../../platform/auth-guard.js';
import { parseInput } from '../../platform/errors.js';
import type { SearchService } from './service.js';

export function searchRoutes(app: FastifyInstance, { search }: { search: SearchService }): void {
  /** GET /api/search?q=&pageNumber= — the user's matching messages and conversations, newest first. */
  app.get('/api/search', async (request) => {
    const user = requireUser(request);
    const { q, pageNumber } = parseInput(searchQuerySchema, request.query);
    return search.search(user.id, q, pageNumber);
  });

  /** GET /api/search/enable — full-text search is built in, so always available. */
  app.get('/api/search/enable', async (request) => {
    requireUser(request);
    return true;
  });
}
