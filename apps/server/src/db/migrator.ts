/**
 * Migrations from several folders, applied as one history.
 *
 * The core's history (db/migrations, one drizzle-kit journal, already applied on deployed
 * databases) stays where it is; a feature keeps its own in `features/<name>/migrations`, generated
 * from its schema.ts alone (`npm run db:generate -- <feature> <name>`), so two branches adding
 * migrations touch no common file. At start every folder's migrations are merged in the order they
 * were made (the numbered ones first) and each one not yet recorded is applied.
 *
 * "Recorded" is a set question, not "newer than the last one applied" (drizzle's own migrator): a
 * migration merged after others with an older timestamp still runs. The record is drizzle's table
 * (drizzle.__drizzle_migrations: the file's SHA-256 and the journal's `when`), unchanged, so a
 * database migrated by drizzle's migrator is recognised row for row and nothing is applied twice;
 * a migration counts as recorded by its hash or by its `when` (so a file reformatted after it ran
 * is not run again: `when` is the moment drizzle-kit wrote it, unique across folders, checked below).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';

export interface Migration {
  /** 'core', or the feature whose folder holds it. */
  owner: string;
  tag: string;
  /** When drizzle-kit made it (ms), from the folder's journal; drizzle records it as created_at. */
  when: number;
  /** SHA-256 of the file, as drizzle records it. */
  hash: string;
  sql: string;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

const here = dirname(fileURLToPath(import.meta.url));

/** Drizzle-kit's journal in a folder: the folder holds migrations. */
const hasJournal = (dir: string) => existsSync(join(dir, 'meta', '_journal.json'));

function subfolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory());
}

/**
 * Where the migrations are. A build keeps the core's in `<build>/migrations` and each feature's in
 * `<build>/migrations/features/<name>` (bundle.mjs copies them); the source tree has the core's
 * beside this module and the features' in `features/<name>/migrations`. MIGRATIONS_DIR names a
 * folder of the build's layout.
 */
export function defaultMigrationFolders(): string[] {
  const root = process.env.MIGRATIONS_DIR ?? resolve(here, 'migrations');
  const built = join(root, 'features');
  const features = existsSync(built)
    ? subfolders(built)
    : subfolders(resolve(here, '../features')).map((f) => join(f, 'migrations'));
  return [root, ...features.filter(hasJournal)];
}

/** The owner a folder's migrations are reported under: 'core' for the first, else the feature. */
function ownerOf(folder: string, first: boolean): string {
  if (first) return 'core';
  const name = basename(folder);
  return name === 'migrations' ? basename(dirname(folder)) : name;
}

function readFolder(folder: string, owner: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map(({ tag, when }) => {
    const sql = readFileSync(join(folder, `${tag}.sql`), 'utf8');
    return { owner, tag, when, hash: createHash('sha256').update(sql).digest('hex'), sql };
  });
}

/** A numbered tag (0000_init … 0029_…) came before migrations were named by their time. */
const numbered = (tag: string) => /^\d{4}_/.test(tag);

/**
 * Every folder's migrations in the order they are applied: the numbered ones, then by the moment
 * each was made. Two with one hash or one `when` would be recorded as one: refused.
 */
export function listMigrations(folders: readonly string[]): Migration[] {
  const all = folders.flatMap((folder, i) => readFolder(folder, ownerOf(folder, i === 0)));
  all.sort(
    (a, b) =>
      Number(numbered(b.tag)) - Number(numbered(a.tag)) || a.when - b.when || a.tag.localeCompare(b.tag),
  );
  for (const key of ['hash', 'when'] as const) {
    const seen = new Map<string | number, Migration>();
    for (const m of all) {
      const other = seen.get(m[key]);
      if (other)
        throw new Error(`migrations ${other.owner}/${other.tag} and ${m.owner}/${m.tag} have one ${key}`);
      seen.set(m[key], m);
    }
  }
  return all;
}

/** What the migrator needs of a connection: PGlite's or a pg client's, adapted below. */
export interface MigrationSession {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `work` in one transaction: every pending migration lands, or none. */
  transaction(work: (tx: Pick<MigrationSession, 'query'>) => Promise<void>): Promise<void>;
}

/** PGlite as the migrator's session. */
export function pgliteSession(client: PGlite): MigrationSession {
  return {
    query: (text, params) => client.query(text, params),
    transaction: async (work) => {
      await client.transaction((tx) => work({ query: (text, params) => tx.query(text, params) }));
    },
  };
}

/** A pg connection as the migrator's session. */
export function pgSession(client: PoolClient): MigrationSession {
  return {
    query: (text, params) => client.query(text, params),
    transaction: async (work) => {
      await client.query('BEGIN');
      try {
        await work({ query: (text, params) => client.query(text, params) });
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
  };
}

interface Recorded {
  hash: string;
  created_at: string | number | null;
}

/** Applies the migrations not yet recorded, in order, in one transaction; returns their tags. */
export async function applyMigrations(
  session: MigrationSession,
  migrations: readonly Migration[],
): Promise<string[]> {
  await session.query('CREATE SCHEMA IF NOT EXISTS drizzle');
  await session.query(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const { rows } = await session.query('SELECT hash, created_at FROM drizzle.__drizzle_migrations');
  const recorded = rows as Recorded[];
  const hashes = new Set(recorded.map((r) => r.hash));
  const whens = new Set(recorded.map((r) => (r.created_at === null ? null : Number(r.created_at))));
  const pending = migrations.filter((m) => !hashes.has(m.hash) && !whens.has(m.when));
  if (pending.length === 0) return [];
  await session.transaction(async (tx) => {
    for (const m of pending) {
      for (const statement of m.sql.split('--> statement-breakpoint')) {
        if (statement.trim() !== '') await tx.query(statement);
      }
      await tx.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        m.hash,
        m.when,
      ]);
    }
  });
  return pending.map((m) => `${m.owner}/${m.tag}`);
}
