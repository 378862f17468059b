import type { FastifyInstance } from 'fastify';

/**
 * No API answer is kept by a browser's or a proxy's cache unless its route says otherwise: tokens
 * (login, refresh, register, impersonation), profiles, conversations and every other per-user
 * answer would otherwise stay on disk after sign-out, readable by the next person at a shared
 * computer. A route whose answer is public and lasting (avatars and blog images under random
 * names) sets its own Cache-Control; the web client's files and pages keep theirs.
 */
const API_CACHE_CONTROL = 'no-store';

export function registerApiCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', API_CACHE_CONTROL);
    }
    return payload;
  });
}
