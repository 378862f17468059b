import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { openSse } from '../../platform/sse.js';
import { addRoute } from '../../platform/typed-route.js';
import type { Generations } from './generations.js';
import { runGeneration, type RunnerDeps } from './runner.js';
import type { AskService } from './service.js';
import { resumeRoute } from './resume-route.js';
import { createSseSubscriber } from './stream-sink.js';

export interface AskRoutesDeps {
  ask: AskService;
  generations: Generations;
  runner: RunnerDeps;
}

export function askRoutes(app: FastifyInstance, deps: AskRoutesDeps): void {
  const { ask, generations } = deps;
  resumeRoute(app, generations);

  const table = [
    { route: 'ask', send: API_ROUTES.ask, abort: API_ROUTES.abortAsk },
    { route: 'edit', send: API_ROUTES.edit, abort: API_ROUTES.abortEdit },
  ] as const;

  for (const { route, send, abort } of table) {
    addRoute(app, send, async ({ user, params, body, request, reply }) => {
      const turn = await ask.prepare(user.id, route, params.endpoint, body);

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

    addRoute(app, abort, async ({ user, body: { abortKey } }) => {
      const generation = generations.find(abortKey, user.id);
      if (!generation) throw new AppError('not_found', 'No reply of this key is running');
      generation.controller.abort();
      const result = await generation.done;
      if (!result) throw new AppError('not_found', 'No reply of this key is running');
      return result;
    });
  }
}
