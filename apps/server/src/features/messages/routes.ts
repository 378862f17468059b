import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema, updateMessageRequestSchema } from '@chat/contract';
import { requireUser } from '../../platform/auth-guard.js';
import { parseInput } from '../../platform/errors.js';
import type { MessagesService } from './service.js';

const listParamsSchema = z.object({ conversationId: idSchema });
const messageParamsSchema = z.object({ conversationId: idSchema, messageId: idSchema });

export function messagesRoutes(app: FastifyInstance, { messages }: { messages: MessagesService }): void {
  app.get('/api/messages/:conversationId', async (request, reply) => {
    const user = requireUser(request);
    const { conversationId } = parseInput(listParamsSchema, request.params);
    // The database writes the JSON: no per-row decoding and re-serialising of long conversations.
    return reply
      .type('application/json; charset=utf-8')
      .send(await messages.listJson(user.id, conversationId));
  });

  app.put('/api/messages/:conversationId/:messageId', async (request) => {
    const user = requireUser(request);
    const { conversationId, messageId } = parseInput(messageParamsSchema, request.params);
    const { text } = parseInput(updateMessageRequestSchema, request.body);
    return messages.editText(user.id, conversationId, messageId, text);
  });
}
