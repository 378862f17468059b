import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { PluginsService } from './service.js';

export function pluginsRoutes(app: FastifyInstance, plugins: PluginsService): void {
  addRoute(app, API_ROUTES.plugins, async ({ user }) => plugins.listFor(user.id));
  addRoute(app, API_ROUTES.userPlugins, async ({ user, body }) => plugins.update(user.id, body));
}
