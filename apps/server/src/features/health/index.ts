import type { FeatureModule } from '../../platform/module.js';
import { healthRoutes } from './routes.js';

/**
 * Probes for a load balancer or an orchestrator (docs/deployment.md): public GETs outside /api,
 * answered while draining too (so a draining instance says so itself).
 * - GET /health (liveness): 200 `{ status: 'ok' }` as long as the process serves requests.
 * - GET /ready (readiness): 200 when the database answers `select 1`, Redis (with REDIS_URL)
 *   answers PING and the app is not draining (a graceful shutdown); else 503 with the checks.
 */
export const healthModule: FeatureModule = {
  name: 'health',
  register({ app, db, redis, lifecycle }) {
    lifecycle.allowWhileDraining({ method: 'GET', path: '/health' });
    lifecycle.allowWhileDraining({ method: 'GET', path: '/ready' });

    healthRoutes(app, { db, redis, lifecycle });
  },
};
