import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { verifyAccessToken, type AccessClaims } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route reachable without a bearer token. Every other /api route requires one. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/**
 * Authentication is on by default for every /api route: a route opts out with
 * `config: { public: true }`, so a route added later cannot be left open by forgetting a guard.
 */
export function registerAuthGuard(app: FastifyInstance, secret: Uint8Array): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    const isPublic = request.routeOptions.config?.public === true;
    if (header?.startsWith('Bearer ')) {
      try {
        request.auth = await verifyAccessToken(header.slice(7), secret);
      } catch (err) {
        if (!isPublic) throw err;
      }
    }
    if (!isPublic && !request.auth) throw new AppError('unauthorized', 'Unauthorized');
  });
}

/** The signed-in user of a guarded route. */
export function requireUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth;
}
