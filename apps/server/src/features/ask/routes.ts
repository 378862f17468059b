import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { openSse } from '../../platform/sse.js';
import { addRoute } from '../../platform/typed-route.js';
import { attachEventStream } from './event-stream.js';
import { addedKey } from './generations.js';
import type { AskPipeline } from './pipeline.js';
import { createSseSubscriber } from './stream-sink.js';

/** The Last-Event-ID header, else `?lastEventId=`, as an event id; anything else counts as none. */
function lastEventIdOf(header: unknown, query: unknown): number | undefined {
  const fromQuery =
    query && typeof query === 'object' ? (query as Record<string, unknown>).lastEventId : undefined;
  const raw = typeof header === 'string' && header !== '' ? header : fromQuery;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * GET /api/ask/stream/:conversationId joins the user's running reply in that conversation (a
 * reload, another tab, a dropped connection): the missed events after Last-Event-ID when they are
 * all still kept, else a `resumed` snapshot with the text so far; then the live deltas and the
 * same final / error event the original stream gets. 404 when no reply of this user is running
 * there, including one that has just ended: the client then reads the saved messages. With Redis
 * the reply may run on another instance: its events come from the reply's Redis stream.
 * The second model's reply of a compared send (`index=1`) is joined straight after the send, and a
 * short one often ends first: an ordinary outcome, not an error, so it answers 204 (the event
 * stream's "nothing more to read") where the first reply's route answers 404.
 */
function resumeRoute(app: FastifyInstance, pipeline: AskPipeline): void {
  addRoute(app, API_ROUTES.resumeStream, async ({ user, params, query, request, reply }) => {
    const lastEventId = lastEventIdOf(request.headers['last-event-id'], query);
    // index 1: the reply of the second model the send compared with, which runs beside the first.
    const conversationId = query.index === '1' ? addedKey(params.conversationId) : params.conversationId;
    // A snapshot of a long reply starts with its saved text (memory keeps what came after the
    // last save): read first, then looked up again, as the reply may have ended meanwhile.
    // A saved text read for a reply that ended meanwhile, while the next one started, is not that
    // one's: read again for it.
    let hub = pipeline.running(conversationId, user.id);
    let saved: string | undefined;
    for (let reads = 0; reads < 2 && hub?.resumable && hub.needsSavedText(lastEventId); reads++) {
      const reading = hub;
      saved = await pipeline.savedText(reading, user.id);
      hub = pipeline.running(conversationId, user.id);
      if (hub === reading) break;
      saved = undefined;
    }
    // Check and attach run in one synchronous step, so the generation cannot end between them:
    // once attached, the subscriber is sure to get the final (or error) event.
    if (hub?.resumable) {
      const running = hub;
      const sse = openSse(reply);
      const subscriber = createSseSubscriber(sse);
      running.resume(subscriber, lastEventId, saved);
      sse.onDisconnect(() => running.unsubscribe(subscriber));
      return;
    }
    // Several instances: a reply running on another one is followed through its Redis stream
    // (what was missed, read at one point, then the live tail from right after it).
    const remote = hub ? undefined : await pipeline.runningElsewhere(conversationId, user.id, lastEventId);
    if (!remote) {
      if (query.index === '1') return reply.status(204).send();
      throw new AppError('not_found', 'No reply is being generated in this conversation');
    }
    const sse = openSse(reply);
    const subscriber = createSseSubscriber(sse);
    remote.attach(subscriber);
    sse.onDisconnect(() => remote.detach(subscriber));
  });
}

/**
 * POST /api/ask|edit/:endpoint (the reply as an event stream), their /abort routes, and
 * GET /api/ask/stream/:conversationId (resumeRoute above).
 */
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
  resumeRoute(app, pipeline);
}
