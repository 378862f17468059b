import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { within, type Lifecycle } from '../../platform/lifecycle.js';
import type { RedisLink } from '../../platform/redis/link.js';

/** How long one readiness check may take before it counts as failed (a stuck pool, a dead Redis). */
const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'failed';

/** GET /ready's answer: each check by name; nothing about the connections themselves. */
interface ReadyBody {
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

/** GET /health and GET /ready (the module's comment says what each answers). */
export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Db; redis: RedisLink | undefined; lifecycle: Lifecycle },
): void {
  const { db, redis, lifecycle } = deps;
  // Probed every few seconds by each balancer and orchestrator: logged only when something is wrong.
  const opts = { config: { public: true }, logLevel: 'warn' as const };
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
}
