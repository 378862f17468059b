import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, dropDatabase } from '../../test/support/database.js';
import { openDatabase } from './client.js';

/**
 * A PostgreSQL database that is not UTF8 is refused at start-up with the reason: search
 * normalises text (NFKC), which PostgreSQL does only in UTF8, so every message would fail to save.
 */
const base = process.env.TEST_DATABASE_URL!;
const name = `t_ascii_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

afterAll(() => dropDatabase(base, name));

describe('the database encoding', () => {
  it('refuses a SQL_ASCII database, naming the encoding, and migrates nothing', async () => {
    await adminQuery(
      base,
      `CREATE DATABASE ${name} ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`,
    );
    const url = new URL(base);
    url.pathname = `/${name}`;
    await expect(openDatabase({ url: url.toString() })).rejects.toThrow(
      "the database's encoding is SQL_ASCII; it must be UTF8",
    );
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const { rows } = await c.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    await c.end();
    expect(rows[0]!.n).toBe(0);
  });
});
