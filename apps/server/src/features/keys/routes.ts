import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { KeysService } from './service.js';

export function keysRoutes(app: FastifyInstance, keys: KeysService): void {
  addRoute(app, API_ROUTES.keyExpiry, async ({ user, query }) => keys.expiry(user.id, query.name));
  addRoute(app, API_ROUTES.updateKey, async ({ user, body }) => keys.save(user.id, body));
  addRoute(app, API_ROUTES.deleteKey, async ({ user, params }) => keys.revoke(user.id, params.name));
  addRoute(app, API_ROUTES.deleteAllKeys, async ({ user }) => keys.revokeAll(user.id));
}
