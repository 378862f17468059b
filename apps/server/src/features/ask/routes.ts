import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { abortRequestSchema, askRequestSchema, endpointNameSchema } from '@chat/contract';
import { requireUser } from '../../platform/auth-guard.js';
import { AppError, parseInput } from '../../platform/errors.js';
import { openSse } from '../../platform/sse.js';
import type { Generations } from './generations.js';
import { runGeneration, type RunnerDeps } from './runner.js';
import type { AskRoute, AskService } from './service.js';
import { resumeRoute } from './resume-route.js';
import { createSseSubscriber } from './stream-sink.js';

const paramsSchema = z.object({ endpoint: endpointNameSchema });

export interface AskRoutesDeps {
  ask: AskService;
  generations: Generations;
  runner: RunnerDeps;
}

export function askRoutes(app: FastifyInstance, deps: AskRoutesDeps): void {
  const { ask, generations } = deps;
  resumeRoute(app, generations);

  for (const route of ['ask', 'edit'] as AskRoute[]) {
    app.post(`/api/${route}/:endpoint`, async (request, reply) => {
      const user = requireUser(request);
      const { endpoint } = parseInput(paramsSchema, request.params);
      const body = parseInput(askRequestSchema, request.body);
      const turn = await ask.prepare(user.id, route, endpoint, body);

      // From here on the answer is an event stream; the generation outlives the connection.
      const sse = openSse(reply);
      const { hub } = turn.generation;
      const subscriber = createSseSubscriber(sse);
      hub.subscribe(subscriber);
      sse.onDisconnect(() => {
        hub.unsubscribe(subscriber);
        request.log.info(
          { conversationId: turn.conversation.conversationId },
          'client left; the reply continues',
        );
      });
      void runGeneration(turn, { ...deps.runner, log: request.log });
    });

    app.post(`/api/${route}/:endpoint/abort`, async (request) => {
      const user = requireUser(request);
      parseInput(paramsSchema, request.params);
      const { abortKey } = parseInput(abortRequestSchema, request.body);
      const generation = generations.find(abortKey, user.id);
      if (!generation) throw new AppError('not_found', 'No reply of this key is running');
      generation.controller.abort();
      const result = await generation.done;
      if (!result) throw new AppError('not_found', 'No reply of this key is running');
      return result;
    });
  }
}
