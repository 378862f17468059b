import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';

/**
 * A fresh, isolated database for one test file: in-memory PGlite by default; with
 * TEST_DATABASE_URL, a new database on that PostgreSQL server, dropped on close.
 */
export interface TestDatabase extends Database {
  /** The PostgreSQL database's URL; undefined on PGlite. */
  url?: string;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ dataDir: null });
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await dropDatabase(base, name);
    },
  };
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
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
