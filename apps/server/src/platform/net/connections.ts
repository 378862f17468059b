import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Counts the requests in flight on each connection of `server`, so that shutdown can close every
 * connection that carries none. Node's own closeIdleConnections() leaves alone a connection that
 * has not sent a request yet — browsers open one ahead of use (preconnect) — so such a socket held
 * server.close() until the grace timer cut it: every stop with a browser open took 2 s longer.
 */
export function trackConnections(server: Server) {
  const inFlight = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    if (!inFlight.has(socket)) return;
    inFlight.set(socket, inFlight.get(socket)! + 1);
    response.once('close', () => {
      const n = inFlight.get(socket);
      if (n !== undefined) inFlight.set(socket, Math.max(0, n - 1));
    });
  });
  return {
    /** Destroys every connection with no request in flight; returns how many remain. */
    closeIdle(): number {
      let busy = 0;
      for (const [socket, n] of inFlight) {
        if (n === 0) socket.destroy();
        else busy++;
      }
      return busy;
    },
  };
}
