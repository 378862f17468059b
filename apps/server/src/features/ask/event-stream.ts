import type { FastifyReply, FastifyRequest } from 'fastify';
import { openSse } from '../../platform/sse.js';
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
