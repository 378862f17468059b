import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sharedBuffersMb, storeBytes } from './buffers.js';
import * as schema from './schema.js';
import {
  findTemplate,
  saveTemplate,
  seedFromTemplate,
  tarDirectory,
  templateCacheDir,
  templateKey,
} from './template.js';
import { takingTurns } from './turns.js';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Migrations sit beside this module in the source tree (src/db/migrations) and beside the bundle
 * in a build (apps/server/.builds/<id>/migrations, copied by bundle.mjs); both are "./migrations"
 * from here.
 */
const migrationsFolder =
  process.env.MIGRATIONS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `shared_buffers` follows the store (buffers.ts). `wal_init_zero = off`: Postgres fills each new
 * 16 MB WAL file with zeros, which PGlite's file layer does as sixteen 1 MB JavaScript copies at
 * once; under many streaming replies that was a ~20 MB jump of memory every 10–20 s
 * (docs/decisions.md, "WAL files not zero-filled"). Off, only the file's last byte is written;
 * zeros are what an unwritten part reads as anyway, and the setting is about space allocation
 * ahead of writes, not durability (fsync is off in PGlite).
 */
function pgliteConf(pgdata: string | null): string[] {
  const buffers = sharedBuffersMb(pgdata ? storeBytes(pgdata) : 0);
  return [`shared_buffers = ${buffers}MB`, 'wal_init_zero = off'];
}

/** Where PGlite's migrations and template databases (template.ts) are found. */
export interface PgliteSetup {
  migrationsFolder: string;
  /** Folders searched for a template, in order. */
  templateRoots: string[];
  /** Where a missing template is made and kept; null: none is made (initdb instead). */
  templateCache: string | null;
}

/** The build (beside the migrations, where it keeps its template), then node_modules/.cache. */
export function defaultPgliteSetup(): PgliteSetup {
  const cache = templateCacheDir();
  return {
    migrationsFolder,
    templateRoots: [dirname(migrationsFolder), ...(cache ? [cache] : [])],
    templateCache: cache,
  };
}

async function createPglite(dataDir: string | null, options: PGliteOptions = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const all = { postgresqlconf: pgliteConf(dataDir), ...options } satisfies PGliteOptions;
  return dataDir ? PGlite.create(dataDir, all) : PGlite.create(all);
}

/**
 * The template archive for the setup's migrations: found in a template root, or made into the
 * cache when there is none yet. Null when none can be had (no cache, or it is read-only).
 */
export async function pgliteTemplate(setup = defaultPgliteSetup()): Promise<string | null> {
  const found = findTemplate(templateKey(setup.migrationsFolder), setup.templateRoots);
  if (found || !setup.templateCache || !writable(setup.templateCache)) return found;
  return makePgliteTemplate(setup.templateCache, setup.migrationsFolder);
}

/**
 * Makes the template for the migrations in `migrations` into the folder `root`: a new store in a
 * temporary folder, migrated and closed (a clean shutdown, so a copy starts without recovery).
 * @public (the build runs it from bundle.mjs, through an import by path)
 */
export async function makePgliteTemplate(root: string, migrations = migrationsFolder): Promise<string> {
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, 'make-'));
  try {
    const client = await createPglite(dir);
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrations });
    } finally {
      await client.close();
    }
    return saveTemplate(root, templateKey(migrations), tarDirectory(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens PGlite in `dataDir` (or in memory when null) and migrates it. A new store (a missing or
 * empty `dataDir`/pglite, or any in-memory one) starts as a copy of the template, when there is
 * one, instead of running initdb; an existing store is opened as it is.
 */
export async function openPglite(dataDir: string | null, setup = defaultPgliteSetup()): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      const template = await pgliteTemplate(setup);
      if (template) seedFromTemplate(dir, template);
    }
    mkdirSync(dir, { recursive: true });
    client = await createPglite(dir);
  } else {
    const template = await pgliteTemplate(setup);
    client = await createPglite(null, template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
  }
  // Statements take turns with the event loop (turns.ts): replies stream between them.
  const db = drizzlePglite(takingTurns(client), { schema });
  await migratePglite(db, { migrationsFolder: setup.migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The advisory lock key migrations hold on PostgreSQL (any constant bigint; this one is "omnichat"). */
const MIGRATION_LOCK = 0x6f6d6e6963686174n.toString();

/** Opens PGlite in `dataDir` (or in memory when null), or PostgreSQL at `url`, and migrates it. */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | null;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (!opts.url) return openPglite(opts.dataDir ?? null);
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
  // An idle client's connection can die (server restart, admin termination); pg emits that on
  // the pool, and an unhandled 'error' event would take the whole process down. The pool drops
  // the client and the next query opens a new connection.
  pool.on('error', (err) => opts.onIdleError?.(err));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start at once on one database: one migrates at a time (a session-level
  // advisory lock on the connection that migrates), the others then find nothing left to do.
  const client = await pool.connect().catch(async (err: unknown) => {
    await pool.end();
    throw err;
  });
  try {
    // Search normalises text (NFKC), which PostgreSQL does only in a UTF8 database: in another
    // encoding every message would fail to save while the rest of the app seemed fine.
    const { rows } = await client.query<{ server_encoding: string }>('SHOW server_encoding');
    const encoding = rows[0]?.server_encoding;
    if (encoding !== 'UTF8') {
      throw new Error(
        `the database's encoding is ${encoding ?? 'unknown'}; it must be UTF8 (CREATE DATABASE … ENCODING 'UTF8' TEMPLATE template0)`,
      );
    }
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (err) {
    client.release();
    await pool.end();
    throw err;
  }
  client.release();
  return { db, kind: 'postgres', close: () => pool.end() };
}
