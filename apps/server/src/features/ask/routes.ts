import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { openSse } from '../../platform/sse.js';
import { addRoute } from '../../platform/typed-route.js';
import type { AskPipeline } from './pipeline.js';
import type { ReplyHub } from './reply-hub.js';
import { createSseSubscriber } from './stream-sink.js';

/**
 * What a route hands `pipeline.start` as `attach`: from then on its answer is an event stream of
 * the reply's hub; the generation outlives the connection.
 */
export function attachEventStream(request: FastifyRequest, reply: FastifyReply) {
  return (hub: ReplyHub, conversationId: string): void => {
    const sse = openSse(reply);
    const subscriber = createSseSubscriber(sse);
    hub.subscribe(subscriber);
    sse.onDisconnect(() => {
      hub.unsubscribe(subscriber);
      request.log.info({ conversationId }, 'client left; the reply continues');
    });
  };
}

/** POST /api/ask|edit/:endpoint (the reply as an event stream) and their /abort routes. */
export function askRoutes(app: FastifyInstance, pipeline: AskPipeline): void {
  const table = [
    { route: 'ask', send: API_ROUTES.ask, abort: API_ROUTES.abortAsk },
    { route: 'edit', send: API_ROUTES.edit, abort: API_ROUTES.abortEdit },
  ] as const;

  for (const { route, send, abort } of table) {
    addRoute(app, send, async ({ user, params, body, request, reply }) => {
      const input = { userId: user.id, route, pathEndpoint: params.endpoint, body };
      await pipeline.start(input, attachEventStream(request, reply), request.log);
    });

    addRoute(app, abort, async ({ user, body: { abortKey } }) => {
      const result = await pipeline.abort(abortKey, user.id);
      if (!result) throw new AppError('not_found', 'No reply of this key is running');
      return result;
    });
  }
}
