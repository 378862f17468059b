import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textKeptByStore } from './pglite-parsers.js';

const notes = pgTable('notes', {
  id: uuid('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  on: timestamp('on', { withTimezone: true, mode: 'string' }).notNull(),
});

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table notes (id uuid primary key, body text not null, at timestamptz not null,
    "on" timestamptz not null)`);
  textKeptByStore(client);
});
afterAll(() => client.close());

describe('textKeptByStore', () => {
  it('reads dates through Drizzle as before: a Date in date mode, the text in string mode', async () => {
    const db = drizzle(client);
    const at = new Date('2026-12-07T11:50:00.123Z');
    await db.insert(notes).values({ id: crypto.randomUUID(), body: 'a', at, on: '2026-12-07 11:50:00.5+00' });
    const [row] = await db.select().from(notes).where(eq(notes.body, 'a'));
    expect(row!.at).toEqual(at);
    expect(row!.on).toBe('2026-12-07 11:50:00.5+00');
    await db.transaction(async (tx) => {
      const [inTx] = await tx.select().from(notes).where(eq(notes.body, 'a'));
      expect(inTx!.at).toEqual(at);
      expect(inTx!.on).toBe('2026-12-07 11:50:00.5+00');
    });
    const raw = await db.execute<{ at: unknown }>(sql`select at from notes where body = 'a'`);
    expect(raw.rows[0]!.at).toBe('2026-12-07 11:50:00.123+00');
  });

  it("keeps the dates' text for a query with no parsers of its own", async () => {
    const { rows } = await client.query<{ t: unknown; d: unknown }>(
      `select '2026-12-07 12:00:00+00'::timestamptz as t, '2026-12-07'::date as d`,
    );
    expect(rows[0]).toEqual({ t: '2026-12-07 12:00:00+00', d: '2026-12-07' });
  });

  it('uses any other parser a query gives, in a transaction too', async () => {
    const upper = { parsers: { [types.TEXT]: (v: string) => v.toUpperCase() } };
    const { rows } = await client.query<{ s: unknown }>(`select 'abc'::text as s`, [], upper);
    expect(rows[0]!.s).toBe('ABC');
    const mixed = {
      parsers: { [types.TIMESTAMPTZ]: (v: string) => `at ${v}`, [types.TEXT]: (v: string) => v },
    };
    const inTx = await client.transaction((tx) =>
      tx.query<{ t: unknown }>(`select '2026-12-07 12:00:00+00'::timestamptz as t`, [], mixed),
    );
    expect(inTx.rows[0]!.t).toBe('at 2026-12-07 12:00:00+00');
  });

  it('still parses the types it does not keep as text', async () => {
    const { rows } = await client.query<{ n: unknown; b: unknown; j: unknown }>(
      `select 7::int as n, true as b, '{"a":1}'::jsonb as j`,
    );
    expect(rows[0]).toEqual({ n: 7, b: true, j: { a: 1 } });
  });
});
