import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { McpManager } from './manager.js';
import { presentMcpTools } from './presenter.js';

export function mcpRoutes(app: FastifyInstance, manager: McpManager): void {
  addRoute(app, API_ROUTES.mcpTools, async ({ user }) => {
    await manager.discover(user.id);
    return presentMcpTools(manager.servers(), manager.tools());
  });
}
