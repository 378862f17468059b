import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import { attachEventStream } from '../ask/index.js';
import type { createAssistantChat } from './chat.js';
import type { AssistantsService } from './service.js';

export function assistantsRoutes(
  app: FastifyInstance,
  assistants: AssistantsService,
  chat: ReturnType<typeof createAssistantChat>,
): void {
  addRoute(app, API_ROUTES.listAssistants, async ({ user, query }) => assistants.list(user.id, query));
  addRoute(app, API_ROUTES.createAssistant, async ({ user, body }) => assistants.create(user.id, body));
  addRoute(app, API_ROUTES.getAssistant, async ({ user, params }) => assistants.get(user.id, params.id));
  addRoute(app, API_ROUTES.updateAssistant, async ({ user, params, body }) =>
    assistants.update(user.id, params.id, body),
  );
  addRoute(app, API_ROUTES.deleteAssistant, async ({ user, params }) =>
    assistants.remove(user.id, params.id),
  );
  // An edit (regenerate, continue) of an assistant's reply goes to the modify path.
  for (const [row, route] of [
    [API_ROUTES.assistantChat, 'ask'],
    [API_ROUTES.assistantChatModify, 'edit'],
  ] as const) {
    addRoute(app, row, async ({ user, body, request, reply }) =>
      chat.start(user.id, route, body, attachEventStream(request, reply), request.log),
    );
  }
}
