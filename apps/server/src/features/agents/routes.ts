import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import { attachEventStream } from '../ask/index.js';
import type { createAgentChat } from './chat.js';
import type { AgentsService } from './service.js';

export function agentsRoutes(
  app: FastifyInstance,
  agents: AgentsService,
  chat: ReturnType<typeof createAgentChat>,
): void {
  addRoute(app, API_ROUTES.listAgents, async ({ user }) => agents.list(user.id));
  addRoute(app, API_ROUTES.createAgent, async ({ user, body }) => agents.create(user.id, body));
  addRoute(app, API_ROUTES.getAgent, async ({ user, params }) => agents.get(user.id, params.id));
  addRoute(app, API_ROUTES.updateAgent, async ({ user, params, body }) =>
    agents.update(user.id, params.id, body),
  );
  addRoute(app, API_ROUTES.deleteAgent, async ({ user, params }) => agents.remove(user.id, params.id));
  addRoute(app, API_ROUTES.duplicateAgent, async ({ user, params }) => agents.duplicate(user.id, params.id));
  addRoute(app, API_ROUTES.shareAgent, async ({ user, params, body }) =>
    agents.share(user.id, params.id, body),
  );
  addRoute(app, API_ROUTES.uploadAgentAvatar, async ({ user, params, request }) =>
    agents.setAvatar(user.id, params.agent_id, request),
  );
  addRoute(app, API_ROUTES.agentChat, async ({ user, body, request, reply }) =>
    chat.start(user.id, body, attachEventStream(request, reply), request.log),
  );
}
