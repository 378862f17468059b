import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_ERROR_TEXTS } from '@chat/contract';
import { AppError } from './errors.js';
import { createAccessTokenVerifier, type AccessClaims } from './session-tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route reachable without a bearer token. Every other /api route requires one. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/** Whether the session a token was issued for is still live (features/auth/live-sessions.ts). */
export interface SessionCheck {
  isLive(claims: AccessClaims): Promise<boolean>;
  /**
   * Asked only of a session that is not live: whether its user's account was deleted. Such a
   * token (its signature proves the user existed) answers 403 account_deleted, so the client takes
   * the deleted-account path on its next request, in any tab or device.
   */
  isAccountDeleted?(userId: string): Promise<boolean>;
}

/**
 * Authentication is on by default for every /api route: a route opts out with
 * `config: { public: true }`, so a route added later cannot be left open by forgetting a guard.
 * A token is accepted when its signature and expiry are good and its session is still live
 * (not logged out, not revoked, its user neither deleted nor gone), so every guarded route
 * answers 401 for an ended session, whatever the route does with the user afterwards.
 */
export function registerAuthGuard(app: FastifyInstance, secret: Uint8Array, sessions: SessionCheck): void {
  app.decorateRequest('auth', null);
  const verifyAccessToken = createAccessTokenVerifier(secret);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    const isPublic = request.routeOptions.config?.public === true;
    if (header?.startsWith('Bearer ')) {
      try {
        const claims = await verifyAccessToken(header.slice(7));
        if (!(await sessions.isLive(claims))) {
          if (await sessions.isAccountDeleted?.(claims.id)) {
            throw new AppError('account_deleted', AUTH_ERROR_TEXTS.accountDeleted);
          }
          throw new AppError('unauthorized', 'Session has ended');
        }
        request.auth = claims;
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
