import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { ActionsService } from './service.js';

export function actionsRoutes(app: FastifyInstance, actions: ActionsService): void {
  addRoute(app, API_ROUTES.listActions, async ({ user }) => actions.list(user.id));
  addRoute(app, API_ROUTES.saveAction, async ({ user, params, body }) =>
    actions.save(user.id, params.agent_id, body),
  );
  addRoute(app, API_ROUTES.deleteAction, async ({ user, params }) =>
    actions.remove(user.id, params.agent_id, params.action_id),
  );
}
