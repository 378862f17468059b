import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createStore, startServer, type ServerProcess, type Store } from '../crash/processes.js';

/**
 * Several app instances as real processes (`node --import tsx src/main.ts`) on one PostgreSQL
 * database and one Redis (TEST_DATABASE_URL, TEST_REDIS_URL), under a key prefix of their own,
 * with the same secrets: what a deployment behind a load balancer runs.
 */
export interface Cluster {
  store: Store;
  prefix: string;
  env: Record<string, string>;
  start(extra?: Record<string, string>): Promise<ServerProcess>;
  /** Drops the database and every Redis key under the prefix. */
  remove(): Promise<void>;
}

export async function createCluster(fakeUrl: string, env: Record<string, string> = {}): Promise<Cluster> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl || !process.env.TEST_DATABASE_URL) {
    throw new Error('the two-instance tests need TEST_DATABASE_URL and TEST_REDIS_URL');
  }
  const store = await createStore();
  const prefix = `t-${randomBytes(5).toString('hex')}:`;
  const shared: Record<string, string> = {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    CREDS_KEY: randomBytes(32).toString('hex'),
    CREDS_IV: randomBytes(16).toString('hex'),
    ...env,
  };
  return {
    store,
    prefix,
    env: shared,
    start: (extra = {}) => startServer(store, fakeUrl, { ...shared, ...extra }),
    async remove() {
      await store.remove();
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}
