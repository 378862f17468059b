import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { ForkService } from './service.js';

/**
 * Fork (200, as LibreChat answers) and duplicate (201). `limit` counts the call against the
 * caller's and the address's fork limits first, refusing with 429 past them.
 */
export function forkRoutes(
  app: FastifyInstance,
  deps: { fork: ForkService; limit: (ip: string, userId: string) => Promise<void> },
): void {
  const { fork, limit } = deps;
  addRoute(app, API_ROUTES.forkConversation, async ({ user, body, request }) => {
    await limit(request.ip, user.id);
    return fork.fork(user.id, body);
  });
  addRoute(app, API_ROUTES.duplicateConversation, async ({ user, body, request, reply }) => {
    await limit(request.ip, user.id);
    const copy = await fork.duplicate(user.id, body.conversationId);
    return reply.code(201).send(copy);
  });
}
