import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sharedBuffersMb, storeBytes } from './buffers.js';
import {
  applyMigrations,
  defaultMigrationFolders,
  listMigrations,
  pgliteSession,
  pgSession,
} from './migrator.js';
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
import { textKeptByStore } from './pglite-parsers.js';
import { preparedStatements } from './pglite-prepared.js';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

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
  /** The core's folder first, then the features' (migrator.ts). */
  migrationFolders: string[];
  /** Folders searched for a template, in order. */
  templateRoots: string[];
  /** Where a missing template is made and kept; null: none is made (initdb instead). */
  templateCache: string | null;
}

/** The build (beside the migrations, where it keeps its template), then node_modules/.cache. */
export function defaultPgliteSetup(): PgliteSetup {
  const cache = templateCacheDir();
  const migrationFolders = defaultMigrationFolders();
  return {
    migrationFolders,
    templateRoots: [dirname(migrationFolders[0]!), ...(cache ? [cache] : [])],
    templateCache: cache,
  };
}

/** What a PGlite store is opened with beyond its data. */
export interface PgliteStoreOptions {
  /**
   * Loads pgvector (@electric-sql/pglite-pgvector) so that `CREATE EXTENSION vector` works: only
   * where file search has an embeddings provider, since every other store would carry it unused.
   * Templates never contain the extension; the feature creates it at start.
   */
  vector?: boolean;
}

async function createPglite(
  dataDir: string | null,
  options: PGliteOptions = {},
  store: PgliteStoreOptions = {},
): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = store.vector
    ? { vector: (await import('@electric-sql/pglite-pgvector')).vector }
    : undefined;
  const all = {
    postgresqlconf: pgliteConf(dataDir),
    ...options,
    ...(extensions && { extensions }),
  } satisfies PGliteOptions;
  return dataDir ? PGlite.create(dataDir, all) : PGlite.create(all);
}

/**
 * The template archive for the setup's migrations: found in a template root, or made into the
 * cache when there is none yet. Null when none can be had (no cache, or it is read-only).
 */
export async function pgliteTemplate(setup = defaultPgliteSetup()): Promise<string | null> {
  const found = findTemplate(templateKey(setup.migrationFolders), setup.templateRoots);
  if (found || !setup.templateCache || !writable(setup.templateCache)) return found;
  return makePgliteTemplate(setup.templateCache, setup.migrationFolders);
}

/**
 * Makes the template for the migrations in `folders` into the folder `root`: a new store in a
 * temporary folder, migrated and closed (a clean shutdown, so a copy starts without recovery).
 * @public (the build runs it from bundle.mjs, through an import by path)
 */
export async function makePgliteTemplate(root: string, folders = defaultMigrationFolders()): Promise<string> {
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, 'make-'));
  try {
    const client = await createPglite(dir);
    try {
      await applyMigrations(pgliteSession(client), listMigrations(folders));
    } finally {
      await client.close();
    }
    return saveTemplate(root, templateKey(folders), tarDirectory(dir));
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
export async function openPglite(
  dataDir: string | null,
  setup = defaultPgliteSetup(),
  store: PgliteStoreOptions = {},
): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      const template = await pgliteTemplate(setup);
      if (template) seedFromTemplate(dir, template);
    }
    mkdirSync(dir, { recursive: true });
    client = await createPglite(dir, {}, store);
  } else {
    const template = await pgliteTemplate(setup);
    client = await createPglite(
      null,
      template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
      store,
    );
  }
  await applyMigrations(pgliteSession(client), listMigrations(setup.migrationFolders));
  // Statements take turns with the event loop (turns.ts): replies stream between them. Drizzle's
  // text-keeping parsers are the store's own (pglite-parsers.ts), not merged in at every query.
  // Each statement is prepared once and then run in one call into the store (pglite-prepared.ts).
  const db = drizzlePglite(takingTurns(textKeptByStore(preparedStatements(client))), { schema });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** The advisory lock key migrations hold on PostgreSQL (any constant bigint; this one is "omnichat"). */
const MIGRATION_LOCK = 0x6f6d6e6963686174n.toString();

/**
 * Opens PGlite in `dataDir` (or in memory when null), or PostgreSQL at `url`, and migrates it.
 * `vector` loads pgvector into PGlite (PgliteStoreOptions); a PostgreSQL server has it installed
 * or not, whatever this says.
 */
export async function openDatabase(
  opts: {
    url?: string | undefined;
    dataDir?: string | null;
    onIdleError?: (err: Error) => void;
  } & PgliteStoreOptions,
): Promise<Database> {
  if (!opts.url) return openPglite(opts.dataDir ?? null, defaultPgliteSetup(), { vector: opts.vector });
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
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
      await applyMigrations(pgSession(client), listMigrations(defaultMigrationFolders()));
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
