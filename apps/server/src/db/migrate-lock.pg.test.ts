import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase } from '../../test/support/database.js';
import { openDatabase, type Database } from './client.js';

/**
 * Several instances starting at once on one empty PostgreSQL database (deploy/compose.yaml, a
 * rolling start): the migrations run once, under an advisory lock, and every instance opens.
 */
const base = process.env.TEST_DATABASE_URL!;
const name = `t_lock_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
const opened: Database[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await dropDatabase(base, name);
});

describe('migrations on PostgreSQL', () => {
  it('run once when four instances open an empty database at the same moment', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(base);
    url.pathname = `/${name}`;
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ url: url.toString() })),
    );
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number; distinct_hashes: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBeGreaterThan(20);
      expect(rows[0]!.n).toBe(rows[0]!.distinct_hashes);
    } finally {
      await check.end();
    }
  });
});
