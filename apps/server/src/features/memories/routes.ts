import type { FastifyInstance } from 'fastify';
import { API_ROUTES, MEMORY_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { addRoute, type RouteOptions } from '../../platform/typed-route.js';
import type { MemoriesService } from './service.js';

/**
 * The routes are registered whether or not memory is on (the route table stays whole); while
 * librechat.yaml's `memory` is absent or disabled every one answers 403, before its input is read.
 */
export function memoriesRoutes(
  app: FastifyInstance,
  deps: { memories: MemoriesService; enabled: () => boolean },
): void {
  const { memories, enabled } = deps;
  const options: RouteOptions = {
    authorize: async () => {
      if (!enabled()) throw new AppError('forbidden', MEMORY_TEXTS.disabled);
    },
  };

  addRoute(app, API_ROUTES.memories, async ({ user }) => memories.list(user.id), options);
  addRoute(
    app,
    API_ROUTES.createMemory,
    async ({ user, body, reply }) =>
      reply.code(201).send({ created: true as const, memory: await memories.create(user.id, body) }),
    options,
  );
  addRoute(
    app,
    API_ROUTES.memoryPreferences,
    async ({ user, body }) => ({
      updated: true as const,
      preferences: await memories.setPreference(user.id, body.memories),
    }),
    options,
  );
  addRoute(
    app,
    API_ROUTES.updateMemory,
    async ({ user, params, body }) => ({
      updated: true as const,
      memory: await memories.update(user.id, params.key, body),
    }),
    options,
  );
  addRoute(
    app,
    API_ROUTES.deleteMemory,
    async ({ user, params }) => {
      await memories.remove(user.id, params.key);
      return { deleted: true as const };
    },
    options,
  );
}
