import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Migrations sit beside this module in the source tree (src/db/migrations) and beside the bundle
 * in a build (dist/migrations, copied by build.mjs); both are "./migrations" from here.
 */
const migrationsFolder =
  process.env.MIGRATIONS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite runs in this process's memory: Postgres' default 128 MB of shared buffers are all touched
 * at start and stay resident. 32 MB keeps the working set of a single-user database in memory.
 */
const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers = 32MB'] };

/** Opens PGlite in `dataDir` (or in memory when null), or PostgreSQL at `url`, and migrates it. */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | null;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client's connection can die (server restart, admin termination); pg emits that on
    // the pool, and an unhandled 'error' event would take the whole process down. The pool drops
    // the client and the next query opens a new connection.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, PGLITE_OPTIONS);
  } else {
    client = await PGlite.create(PGLITE_OPTIONS);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
