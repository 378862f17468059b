import { sql } from 'drizzle-orm';
import type { FeatureModule } from '../../platform/module.js';
import { within } from '../../platform/lifecycle.js';

/** How long one readiness check may take before it counts as failed (a stuck pool, a dead Redis). */
const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'failed';

/** GET /ready's answer: each check by name; nothing about the connections themselves. */
export interface ReadyBody {
  status: 'ok' | 'unavailable';
  checks: { database: CheckResult; redis?: CheckResult; draining: boolean };
}

async function check(task: () => Promise<unknown>): Promise<CheckResult> {
  let ok = false;
  const run = task().then(
    () => {
      ok = true;
    },
    () => undefined,
  );
  return (await within(run, CHECK_TIMEOUT_MS)) && ok ? 'ok' : 'failed';
}

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
    // Probed every few seconds by each balancer and orchestrator: logged only when something is wrong.
    const opts = { config: { public: true }, logLevel: 'warn' as const };
    lifecycle.allowWhileDraining({ method: 'GET', path: '/health' });
    lifecycle.allowWhileDraining({ method: 'GET', path: '/ready' });

    app.get('/health', opts, async (_req, reply) =>
      reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
    );

    app.get('/ready', opts, async (_req, reply) => {
      const [database, redisCheck] = await Promise.all([
        check(() => db.execute(sql`select 1`)),
        redis ? check(() => redis.redis.ping()) : Promise.resolve(undefined),
      ]);
      const draining = lifecycle.draining;
      const body: ReadyBody = {
        status: database === 'ok' && redisCheck !== 'failed' && !draining ? 'ok' : 'unavailable',
        checks: { database, ...(redisCheck ? { redis: redisCheck } : {}), draining },
      };
      return reply
        .status(body.status === 'ok' ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(body);
    });
  },
};
