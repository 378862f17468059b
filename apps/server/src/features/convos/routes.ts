import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clearConvosRequestSchema,
  convosPageQuerySchema,
  genTitleRequestSchema,
  idSchema,
  updateConvoRequestSchema,
} from '@chat/contract';
import { requireUser } from '../../platform/auth-guard.js';
import { parseInput } from '../../platform/errors.js';
import type { ConvosService } from './service.js';

const convoParamsSchema = z.object({ id: idSchema });

export function convosRoutes(app: FastifyInstance, { convos }: { convos: ConvosService }): void {
  app.get('/api/convos', async (request) => {
    const user = requireUser(request);
    const { pageNumber } = parseInput(convosPageQuerySchema, request.query);
    return convos.page(user.id, pageNumber);
  });

  app.get('/api/convos/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(convoParamsSchema, request.params);
    return convos.get(user.id, id);
  });

  app.post('/api/convos/update', async (request) => {
    const user = requireUser(request);
    const { arg } = parseInput(updateConvoRequestSchema, request.body);
    return convos.rename(user.id, arg.conversationId, arg.title);
  });

  app.post('/api/convos/clear', async (request) => {
    const user = requireUser(request);
    const { arg } = parseInput(clearConvosRequestSchema, request.body);
    return convos.clear(user.id, arg.conversationId);
  });

  app.post('/api/convos/gen_title', async (request) => {
    const user = requireUser(request);
    const { conversationId } = parseInput(genTitleRequestSchema, request.body);
    return convos.generatedTitle(user.id, conversationId);
  });
}
