import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

/**
 * A fresh, isolated database for one test file: in-memory PGlite by default; with
 * TEST_DATABASE_URL, a new database on that PostgreSQL server, dropped on close. `vector` loads
 * pgvector into PGlite, as the server does when file search has embeddings.
 */
export interface TestDatabase extends Database {
  /** The PostgreSQL database's URL; undefined on PGlite. */
  url?: string;
}

export async function openTestDatabase(opts: { vector?: boolean } = {}): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ dataDir: null, vector: opts.vector });
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = await migratedTemplate(base);
  await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(base, name);
  // Migrating again finds everything applied: the start-up path runs as it does on a server.
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await dropDatabase(base, name);
    },
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const serverSrc = join(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every migration file of the server (each feature's folder and the shared one), by path. */
function migrationFiles(dir = serverSrc, inMigrations = false): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...migrationFiles(path, inMigrations || entry.name === 'migrations'));
    else if (inMigrations && /\.(sql|json)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/**
 * A migrated, empty database that each test file's database is copied from (CREATE DATABASE …
 * TEMPLATE), instead of running every migration again for each file: the copy takes a fraction of
 * the migrations' time. Its name carries a hash of the migration files, so a change to any of them
 * makes a new one and a stale one is never used. It is made once under a lock, under a temporary
 * name renamed when complete, so a run stopped half-way leaves nothing another run would copy.
 */
let templateName: Promise<string> | undefined;
/** The advisory lock making a template takes (any constant bigint: "tmpl-db" in ASCII). */
const TEMPLATE_LOCK = 0x746d706c2d6462n.toString();
function migratedTemplate(base: string): Promise<string> {
  templateName ??= makeTemplate(base).catch((err: unknown) => {
    templateName = undefined;
    throw err;
  });
  return templateName;
}

async function makeTemplate(base: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of migrationFiles())
    hash.update(`${relative(serverSrc, file)}\n`).update(readFileSync(file));
  const name = `t_template_${hash.digest('hex').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const making = `${name}_making`;
      await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${making}`);
      const database = await openDatabase({ url: databaseUrl(base, making) });
      await database.close();
      await waitForNoBackends(admin, making);
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
    }
  } finally {
    await admin.end();
  }
  return name;
}

async function waitForNoBackends(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One statement on its own connection (CREATE or DROP DATABASE, which no transaction may hold). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test's database once its backends are gone. pg's pool.end() resolves once its clients
 * have *sent* Terminate, not once their backends have left; a forced drop would then kill a
 * backend whose client no longer has an error listener, which surfaces as an uncaught exception in
 * whichever test file runs in that process. Wait for them (up to 2 s), then drop what is left.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await waitForNoBackends(client, name);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
