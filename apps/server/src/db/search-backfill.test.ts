import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, dropDatabase } from '../../test/support/database.js';
import { openPglite, type Db } from './client.js';

// Migration 0013 reads every message and title already stored again (the CJK pairs, the folding).
// Migrated up to 0012, given rows, then migrated to the end: on PGlite, or on TEST_DATABASE_URL.
const migrations = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
const BEFORE = '0013_search_ngrams';

let root: string;
let db: Db;
let migrateAll: () => Promise<void>;
let close: () => Promise<void>;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'chat-backfill-'));
  const older = join(root, 'migrations');
  cpSync(migrations, older, { recursive: true });
  const journalPath = join(older, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));

  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openPglite(null, {
      migrationFolders: [older],
      templateRoots: [],
      templateCache: null,
    });
    db = database.db;
    migrateAll = () => migratePglite(database.db, { migrationsFolder: migrations });
    close = () => database.close();
    return;
  }
  const name = `t_backfill_${randomBytes(4).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  await migratePg(drizzlePg(pool), { migrationsFolder: older });
  db = drizzlePg(pool) as unknown as Db;
  migrateAll = () => migratePg(drizzlePg(pool), { migrationsFolder: migrations });
  close = async () => {
    await pool.end();
    await dropDatabase(base, name);
  };
});
afterAll(async () => {
  await close();
  rmSync(root, { recursive: true, force: true });
});

describe('migration 0013_search_ngrams', () => {
  it('re-reads stored messages and titles, and leaves a streaming reply unindexed', async () => {
    const user = '00000000-0000-4000-8000-0000000000a1';
    const convo = '00000000-0000-4000-8000-0000000000c1';
    await db.execute(
      sql`insert into users (id, name, email) values (${user}, 'Backfill', 'backfill@example.test')`,
    );
    await db.execute(sql`insert into conversations (conversation_id, user_id, title, endpoint, options)
      values (${convo}, ${user}, '北京大学の旅', 'openAI', '{}'::jsonb)`);
    const add = (id: string, text: string, byUser: boolean, unfinished: boolean) =>
      db.execute(sql`insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
        is_created_by_user, unfinished)
        values (${id}, ${convo}, ${user}, '00000000-0000-0000-0000-000000000000', 'User', ${text}, ${byUser}, ${unfinished})`);
    await add('00000000-0000-4000-8000-000000000001', '我爱北京天安门', true, false);
    await add('00000000-0000-4000-8000-000000000002', 'İSTANBUL ILIK', false, false);
    await add('00000000-0000-4000-8000-000000000003', '北京 still streaming', false, true);
    const matches = async (q: string) =>
      (
        await db.execute<{ id: string }>(sql`select message_id as id from messages
          where text_tsv @@ search_query(${q}, true) order by message_id`)
      ).rows.map((r) => r.id.slice(-1));

    await migrateAll();
    expect(await matches('北京')).toEqual(['1']);
    expect(await matches('京')).toEqual(['1']);
    expect(await matches('istanbul ılık')).toEqual(['2']);
    const titles = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from conversations where title_tsv @@ search_query('大学', true)`,
    );
    expect(titles.rows[0]!.n).toBe(1);
    // The trigger still indexes what comes after.
    await add('00000000-0000-4000-8000-000000000004', '上海和北京', true, false);
    expect(await matches('北京')).toEqual(['1', '4']);
  });
});
