import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { MessagesService } from './service.js';

export function messagesRoutes(app: FastifyInstance, { messages }: { messages: MessagesService }): void {
  addRoute(app, API_ROUTES.messages, async ({ user, params, query, reply }) =>
    // The database writes the JSON: no per-row decoding and re-serialising of long conversations.
    reply
      .type('application/json; charset=utf-8')
      .send(await messages.listJson(user.id, params.conversationId, query.limit)),
  );

  addRoute(app, API_ROUTES.editMessage, async ({ user, params, body }) =>
    messages.editText(user.id, params.conversationId, params.messageId, body.text),
  );
}
