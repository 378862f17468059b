import type { FastifyInstance } from 'fastify';
import { AppError, toErrorBody } from '../../platform/errors.js';

const ABORT_ROUTE = /^\/api\/(ask|edit)\/[^/?]+\/abort(\?|$)/;

/**
 * While the server drains (SIGTERM), every new request is answered 503 `server_shutdown` before
 * anything runs (auth, body parsing, saving), with `Connection: close` so keep-alive clients
 * reconnect to the next instance. Stopping a running reply is still allowed: it only helps.
 */
export function refuseWhileDraining(app: FastifyInstance, isDraining: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isDraining()) return;
    if (request.method === 'POST' && ABORT_ROUTE.test(request.url)) return;
    const error = new AppError('server_shutdown', 'The server is restarting; please try again in a moment');
    return reply.status(error.status).header('connection', 'close').send(toErrorBody(error));
  });
}
