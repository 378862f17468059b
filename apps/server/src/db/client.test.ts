import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_BUFFERS, storeBytes } from './buffers.js';
import { defaultPgliteSetup, openPglite, pgliteTemplate, type Database, type PgliteSetup } from './client.js';
import { defaultMigrationFolders, listMigrations } from './migrator.js';
import { templateFileName, templateKey } from './template.js';

const migrations = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The core's folder and every feature's. */
const folders = defaultMigrationFolders();
const allMigrations = listMigrations(folders).length;
const journal = (folder: string) =>
  (JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] })
    .entries;

let root: string;
/** The current migrations' template, on a shelf of this file's own. */
let setup: PgliteSetup;
/** Migrations as they were when only the first existed, with a cache of their own. */
let older: string;
let olderSetup: PgliteSetup;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'chat-client-'));
  // The shared template (node_modules/.cache, made by the build or the first test that needs it),
  // copied: another test process may replace the shared file while this one runs.
  const shared = (await pgliteTemplate(defaultPgliteSetup()))!;
  mkdirSync(join(root, 'shelf'));
  cpSync(shared, join(root, 'shelf', basename(shared)));
  setup = { migrationFolders: folders, templateRoots: [join(root, 'shelf')], templateCache: null };

  older = join(root, 'older-migrations');
  cpSync(migrations, older, { recursive: true });
  for (const e of journal(migrations).slice(1)) rmSync(join(older, `${e.tag}.sql`));
  const j = JSON.parse(readFileSync(join(older, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  j.entries = j.entries.slice(0, 1);
  writeFileSync(join(older, 'meta/_journal.json'), JSON.stringify(j));
  const cache = join(root, 'cache');
  olderSetup = { migrationFolders: [older], templateRoots: [cache], templateCache: cache };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Postgres' system identifier: chosen by initdb, so equal only for copies of one cluster. */
async function systemId(d: Database): Promise<string> {
  const r = await d.db.execute<{ id: string }>(
    sql`SELECT system_identifier::text AS id FROM pg_control_system()`,
  );
  return r.rows[0]!.id;
}
async function appliedMigrations(d: Database): Promise<number> {
  const r = await d.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return r.rows[0]!.n;
}
async function tables(d: Database): Promise<string[]> {
  const r = await d.db.execute<{ t: string }>(
    sql`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
  );
  return r.rows.map((x) => x.t);
}

describe('PGlite template', () => {
  it('is made once into the cache, named by the key of its migrations, and then reused', async () => {
    const made = await pgliteTemplate(olderSetup);
    const name = templateFileName(templateKey([older]));
    expect(made).toBe(join(root, 'cache', name));
    expect(templateKey([older])).not.toBe(templateKey(folders));
    expect(readdirSync(join(root, 'cache'))).toEqual([name]); // no temporary files left
    expect(await pgliteTemplate(olderSetup)).toBe(made);
    expect(readdirSync(join(root, 'cache'))).toEqual([name]);
  });

  it('is not made where it cannot be kept: null without a cache', async () => {
    expect(await pgliteTemplate({ ...olderSetup, templateRoots: [], templateCache: null })).toBeNull();
  });

  it('starts a fresh data dir as a copy of the template, fully migrated', async () => {
    const reference = await openPglite(null, setup); // in memory, from the same template
    const dataDir = join(root, 'fresh');
    const d = await openPglite(dataDir, setup);
    try {
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(await systemId(d)).toBe(await systemId(reference)); // copied, not initdb
      expect(await appliedMigrations(d)).toBe(allMigrations);
      expect(await tables(d)).toEqual(await tables(reference));
      expect(await tables(d)).toEqual(expect.arrayContaining(['users', 'conversations', 'messages']));
    } finally {
      await d.close();
      await reference.close();
    }
  });

  it('writes a new WAL file without filling it with zeros first (wal_init_zero off)', async () => {
    // Filled, each new 16 MB file was sixteen 1 MB copies in JavaScript at once (client.ts).
    const dataDir = join(root, 'wal');
    const d = await openPglite(dataDir, setup);
    try {
      await d.db.execute(sql`SELECT pg_switch_wal()`);
      await d.db.execute(sql`CREATE TABLE wal_probe (x int)`);
      await d.db.execute(sql`INSERT INTO wal_probe VALUES (1)`);
      const r = await d.db.execute<{ f: string }>(sql`SELECT pg_walfile_name(pg_current_wal_lsn()) AS f`);
      const file = statSync(join(dataDir, 'pglite', 'pg_wal', r.rows[0]!.f));
      expect(file.size).toBe(16 * 1024 * 1024);
      // Only what was written takes space: the file is sparse, where a filled one takes all 16 MB.
      expect(file.blocks * 512).toBeLessThan(4 * 1024 * 1024);
    } finally {
      await d.close();
    }
  });

  it('sizes its shared buffers by the store at each start: the least for a new one, an eighth of a grown one', async () => {
    const dataDir = join(root, 'buffers');
    const buffers = async (d: Database) =>
      (await d.db.execute<{ shared_buffers: string }>(sql`SHOW shared_buffers`)).rows[0]!.shared_buffers;
    const first = await openPglite(dataDir, setup);
    try {
      expect(await buffers(first)).toBe(`${SHARED_BUFFERS.minMb}MB`);
    } finally {
      await first.close();
    }
    // The store grows to 400 MB of tables (a sparse file: its size without the disk space; in a
    // folder of base/ that Postgres reads as no database of its own).
    const catalogs = storeBytes(join(dataDir, 'pglite'));
    mkdirSync(join(dataDir, 'pglite', 'base', 'grown'));
    const pad = join(dataDir, 'pglite', 'base', 'grown', 'pad');
    writeFileSync(pad, '');
    truncateSync(pad, 400 * 1024 * 1024);
    const again = await openPglite(dataDir, setup);
    try {
      // (400 MB + the catalogs) / 8, rounded up to whole MB.
      expect(await buffers(again)).toBe(`${Math.ceil((400 * 1024 * 1024 + catalogs) / 8 / (1024 * 1024))}MB`);
    } finally {
      await again.close();
    }
    // An in-memory store is a new one.
    const memory = await openPglite(null, setup);
    try {
      expect(await buffers(memory)).toBe(`${SHARED_BUFFERS.minMb}MB`);
    } finally {
      await memory.close();
    }
  });

  it('gives each in-memory database its own copy', async () => {
    const a = await openPglite(null, setup);
    const b = await openPglite(null, setup);
    try {
      await a.db.execute(sql`CREATE TABLE only_in_a (x int)`);
      expect(await tables(a)).toContain('only_in_a');
      expect(await tables(b)).not.toContain('only_in_a');
      expect(await appliedMigrations(b)).toBe(allMigrations);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('opens an existing data dir as it is: its data stays, nothing is copied over it', async () => {
    const dataDir = join(root, 'existing');
    const first = await openPglite(dataDir, setup);
    const id = await systemId(first);
    await first.db.execute(sql`CREATE TABLE kept (x int)`);
    await first.db.execute(sql`INSERT INTO kept VALUES (42)`);
    await first.close();
    // A setup under which looking for a template would make one: an existing store must not look.
    const untouched = join(root, 'not-made');
    const again = await openPglite(dataDir, { ...setup, templateRoots: [], templateCache: untouched });
    try {
      expect(await systemId(again)).toBe(id);
      const r = await again.db.execute<{ x: number }>(sql`SELECT x FROM kept`);
      expect(r.rows).toEqual([{ x: 42 }]);
      expect(existsSync(untouched)).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('runs initdb as before when there is no template', async () => {
    const none = { ...setup, templateRoots: [], templateCache: null };
    const d = await openPglite(join(root, 'no-template'), none);
    const reference = await openPglite(null, setup);
    try {
      expect(await systemId(d)).not.toBe(await systemId(reference));
      expect(await appliedMigrations(d)).toBe(allMigrations);
    } finally {
      await d.close();
      await reference.close();
    }
  });

  it('applies migrations newer than the template to the copy', async () => {
    // The template of the first migration alone, found under the current migrations' key (as a
    // template in dist would be if a migration were added after the build).
    const oldTemplate = (await pgliteTemplate(olderSetup))!;
    const shelf = join(root, 'old-shelf');
    mkdirSync(shelf);
    cpSync(oldTemplate, join(shelf, templateFileName(templateKey(folders))));
    const d = await openPglite(join(root, 'from-old'), { ...setup, templateRoots: [shelf] });
    try {
      expect(await appliedMigrations(d)).toBe(allMigrations);
      // 0001_search added the generated search column, absent from the template.
      const r = await d.db.execute<{ c: string }>(
        sql`SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'messages' AND column_name = 'text_tsv'`,
      );
      expect(r.rows).toEqual([{ c: 'text_tsv' }]);
    } finally {
      await d.close();
    }
  });
});

describe('pgvector in PGlite', () => {
  const hasVector = async (d: Database) =>
    (await d.db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'vector'`)).rows.length > 0;
  /** Ids by inner product with (1, 0, 0), best first. */
  const ranked = async (d: Database) =>
    (
      await d.db.execute<{ id: number }>(
        sql`SELECT id FROM vec_probe ORDER BY e::vector <#> '[1,0,0]'::vector, id`,
      )
    ).rows.map((r) => r.id);

  it('is not there unless asked for: a store opened without it cannot create the extension', async () => {
    const d = await openPglite(null, setup);
    try {
      await expect(d.db.execute(sql`CREATE EXTENSION vector`)).rejects.toThrow();
      expect(await hasVector(d)).toBe(false);
    } finally {
      await d.close();
    }
  });

  it('is created in a store copied from the template (which has no extension), in memory and in a data dir', async () => {
    const memory = await openPglite(null, setup, { vector: true });
    try {
      expect(await hasVector(memory)).toBe(false); // the template's copy: no extension yet
      await memory.db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
      const r = await memory.db.execute<{ v: string }>(
        sql`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`,
      );
      expect(r.rows[0]?.v).toMatch(/^0\.\d+\.\d+$/);
    } finally {
      await memory.close();
    }

    const dataDir = join(root, 'vector');
    const first = await openPglite(dataDir, setup, { vector: true });
    try {
      expect(await hasVector(first)).toBe(false);
      await first.db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
      // Embeddings stay real[] (the column type every PostgreSQL has), cast where compared.
      await first.db.execute(sql`CREATE TABLE vec_probe (id int, e real[])`);
      await first.db.execute(
        sql`INSERT INTO vec_probe VALUES (1, '{0,1,0}'), (2, '{1,0,0}'), (3, '{0.6,0.8,0}')`,
      );
      expect(await ranked(first)).toEqual([2, 3, 1]);
    } finally {
      await first.close();
    }

    // Opened again without pgvector (as the admin command does, or after embeddings are turned
    // off), the store works: the extension is in its catalogue, unused, and only a comparison fails.
    const plain = await openPglite(dataDir, setup);
    try {
      expect(await hasVector(plain)).toBe(true);
      await plain.db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`); // a no-op: not a test of use
      const rows = await plain.db.execute<{ id: number }>(sql`SELECT id FROM vec_probe ORDER BY id`);
      expect(rows.rows.map((r) => r.id)).toEqual([1, 2, 3]);
      await expect(ranked(plain)).rejects.toThrow();
    } finally {
      await plain.close();
    }

    const again = await openPglite(dataDir, setup, { vector: true });
    try {
      await again.db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
      expect(await ranked(again)).toEqual([2, 3, 1]);
    } finally {
      await again.close();
    }
  });
});
