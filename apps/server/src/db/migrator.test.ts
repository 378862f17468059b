import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminQuery, dropDatabase } from '../../test/support/database.js';
import {
  applyMigrations,
  defaultMigrationFolders,
  listMigrations,
  pgliteSession,
  pgSession,
  type Migration,
  type MigrationSession,
} from './migrator.js';

/**
 * The core's history and the features' folders applied as one: on PGlite, or on a PostgreSQL
 * database of its own when TEST_DATABASE_URL is set.
 */
const folders = defaultMigrationFolders();
const all = listMigrations(folders);

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'chat-migrator-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder of drizzle-kit's layout holding `migrations` in one journal. */
function writeFolder(dir: string, migrations: readonly Migration[]): string {
  mkdirSync(join(dir, 'meta'), { recursive: true });
  const entries = migrations.map((m, idx) => ({
    idx,
    version: '7',
    when: m.when,
    tag: m.tag,
    breakpoints: true,
  }));
  writeFileSync(
    join(dir, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const m of migrations) writeFileSync(join(dir, `${m.tag}.sql`), m.sql);
  return dir;
}

/** A store to migrate: drizzle's own migrator (what the app ran before), ours, and a query. */
interface Store {
  drizzleMigrate(folder: string): Promise<void>;
  session: MigrationSession;
  rows<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openStore(): Promise<Store> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const client = await PGlite.create();
    return {
      drizzleMigrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      session: pgliteSession(client),
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `t_migrator_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const client = await pool.connect();
  return {
    drizzleMigrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    session: pgSession(client),
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      client.release();
      await pool.end();
      await dropDatabase(base, name);
    },
  };
}

const recorded = (s: Store) =>
  s.rows<{ hash: string; created_at: string }>('SELECT hash, created_at FROM drizzle.__drizzle_migrations');

describe('the migrations', () => {
  it("are the core's numbered history, then every folder's by the time each was made", () => {
    const numbered = all.filter((m) => /^\d{4}_/.test(m.tag));
    expect(all.slice(0, numbered.length)).toEqual(numbered);
    const timed = all.slice(numbered.length);
    expect(timed.map((m) => m.when)).toEqual([...timed.map((m) => m.when)].sort((a, b) => a - b));
    expect(all.find((m) => m.tag.endsWith('_message_feedback'))?.owner).toBe('feedback');
    expect(all.find((m) => m.tag.endsWith('_two_factor'))?.owner).toBe('core');
    // The features whose migrations moved out of the core's history, among any added since.
    expect([...new Set(all.map((m) => m.owner))]).toEqual(
      expect.arrayContaining(['core', 'share', 'memories', 'prompts', 'feedback']),
    );
  });

  it("are found in a build's layout: the core's in MIGRATIONS_DIR, each feature's in its features/<name>", () => {
    const built = join(root, 'build-migrations');
    cpSync(folders[0]!, built, { recursive: true });
    for (const f of folders.slice(1))
      cpSync(f, join(built, 'features', basename(dirname(f))), { recursive: true });
    vi.stubEnv('MIGRATIONS_DIR', built);
    try {
      const found = defaultMigrationFolders();
      expect(found[0]).toBe(built);
      expect(listMigrations(found)).toEqual(all);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses two migrations that would be recorded as one (the same file in two folders)', () => {
    const feedback = all.find((m) => m.owner === 'feedback')!;
    const twice = writeFolder(join(root, 'twice'), [feedback]);
    expect(() => listMigrations([...folders, twice])).toThrow(/one hash/);
  });
});

describe('applying them', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(() => store.close());

  it('upgrades a database migrated by the app before the split, applying nothing again', async () => {
    // Every migration in one folder and one journal, as the app held them, run by drizzle's migrator.
    const before = writeFolder(join(root, 'before'), all);
    await store.drizzleMigrate(before);
    const rows = await recorded(store);
    expect(rows).toHaveLength(all.length);

    expect(await applyMigrations(store.session, all)).toEqual([]);
    expect(await recorded(store)).toEqual(rows);
  });

  it('applies a migration merged later whose time is older than the newest applied, once', async () => {
    const newest = Math.max(...all.map((m) => m.when));
    const late: Migration = {
      owner: 'late',
      tag: '20261206000001_late_probe',
      when: newest - 60_000,
      hash: '',
      sql: [
        'CREATE TABLE "late_probe" ("user_id" uuid NOT NULL);',
        'ALTER TABLE "late_probe" ADD CONSTRAINT "late_probe_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade;',
      ].join('--> statement-breakpoint\n'),
    };
    const feature = writeFolder(join(root, 'late', 'migrations'), [late]);
    const merged = listMigrations([...folders, feature]);
    expect(merged.findIndex((m) => m.owner === 'late')).toBeLessThan(merged.length - 1);

    expect(await applyMigrations(store.session, merged)).toEqual(['late/20261206000001_late_probe']);
    expect(await store.rows("SELECT to_regclass('late_probe')::text AS t")).toEqual([{ t: 'late_probe' }]);
    expect(await recorded(store)).toHaveLength(all.length + 1);
    expect(await applyMigrations(store.session, merged)).toEqual([]);
  });

  it('counts a migration whose file changed after it ran as applied, by its time', async () => {
    const edited = all.map((m) =>
      m.owner === 'feedback' ? { ...m, hash: 'reformatted', sql: `${m.sql}\n` } : m,
    );
    expect(await applyMigrations(store.session, edited)).toEqual([]);
  });

  it('lands every pending migration or none', async () => {
    const newest = Math.max(...all.map((m) => m.when));
    const good: Migration = {
      owner: 'x',
      tag: '20991230000000_good',
      when: newest + 1,
      hash: 'g',
      sql: 'CREATE TABLE "good_probe" ("x" int)',
    };
    const broken: Migration = {
      owner: 'x',
      tag: '20991231000000_broken',
      when: newest + 2,
      hash: 'b',
      sql: 'SELECT no_such_function()',
    };
    const rows = await recorded(store);
    await expect(applyMigrations(store.session, [...all, good, broken])).rejects.toThrow(/no_such_function/);
    expect(await store.rows("SELECT to_regclass('good_probe')::text AS t")).toEqual([{ t: null }]);
    expect(await recorded(store)).toEqual(rows);
  });
});
