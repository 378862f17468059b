import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-prepared.js';

const table = `create table items (id uuid primary key, name text unique not null, tags text[],
  data jsonb, at timestamptz, n int, big bigint, raw bytea)`;

/** PGlite as it comes, to compare with. */
let plain: PGlite;
let store: PGlite;
/** A store with the table and nothing else, from which each test's own starts (faster than initdb). */
let template: Blob;
beforeAll(async () => {
  plain = await PGlite.create();
  await plain.exec(table);
  template = await plain.dumpDataDir('none');
});
afterAll(() => plain.close());
beforeEach(async () => {
  store = await PGlite.create({ loadDataDir: template });
  preparedStatements(store, 3);
});
afterEach(async () => {
  if (!store.closed) await store.close();
});

/** Names of the statements the store holds prepared. */
async function preparedNames(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`select name from pg_prepared_statements order by name`);
  return rows.map((r) => r.name);
}

const row = [
  '3f2b8c1e-7d4a-4e5f-9a1b-2c3d4e5f6a7b',
  "it's",
  ['a', 'b c'],
  { k: [1, 'x'] },
  new Date('2026-12-07T12:00:00.250Z'),
  7,
  12345678901234n,
  new Uint8Array([0, 1, 255]),
];
const insert = `insert into items (id, name, tags, data, at, n, big, raw) values ($1, $2, $3, $4, $5, $6, $7, $8)
  returning *`;

describe('preparedStatements', () => {
  it("writes and reads every kind of value as PGlite's own query does, in both row modes", async () => {
    const expected = await plain.query(insert, row);
    const got = await store.query(insert, row);
    expect(got.rows).toEqual(expected.rows);
    expect(got.fields).toEqual(expected.fields);
    expect(got.affectedRows).toBe(1);
    const select = `select * from items where name = $1 and n > $2`;
    const asArrays = { rowMode: 'array' as const };
    expect((await store.query(select, ["it's", 1], asArrays)).rows).toEqual(
      (await plain.query(select, ["it's", 1], asArrays)).rows,
    );
    expect((await store.query(select, [null, 1])).rows).toEqual([]);
    // Run twice: the second run is the prepared one.
    expect((await store.query(select, ["it's", 1])).rows).toEqual(
      (await plain.query(select, ["it's", 1])).rows,
    );
  });

  it('prepares each text once and keeps at most its limit, the least recently used closed first', async () => {
    for (const n of [1, 2, 1, 3, 1, 4]) await store.query(`select ${n} as n`);
    // `select 1` stayed in use, so `select 2` went first; the query below is a fourth, so `select 3`.
    const texts = await store.query<{ statement: string }>(`select statement from pg_prepared_statements`);
    expect(texts.rows.map((r) => r.statement).sort()).toEqual(
      ['select 1 as n', 'select 4 as n', 'select statement from pg_prepared_statements'].sort(),
    );
  });

  it('answers a refused write with the store’s error and goes on', async () => {
    await store.query(insert, row);
    const err = (await store.query(insert, row).catch((e: unknown) => e)) as {
      code?: string;
      query?: string;
    };
    expect(err.code).toBe('23505');
    expect(err.query).toBe(insert);
    const syntax = (await store.query('selec $1', [2]).catch((e: unknown) => e)) as { code?: string };
    expect(syntax).toMatchObject({ code: '42601', query: 'selec $1', params: [2] });
    expect((await store.query('selec 1').catch((e: unknown) => e)) as { code?: string }).toMatchObject({
      code: '42601',
    });
    expect((await store.query<{ c: number }>('select count(*)::int as c from items')).rows).toEqual([
      { c: 1 },
    ]);
  });

  it('prepares a statement again once its table has changed', async () => {
    await store.query(insert, row);
    expect(Object.keys((await store.query('select * from items')).rows[0] as object)).not.toContain('extra');
    await store.exec(`alter table items add column extra text default 'x'`);
    const { rows } = await store.query<{ extra: string }>('select * from items');
    expect(rows[0]!.extra).toBe('x');
  });

  it("answers a changed table's first error in a transaction, which that error has aborted", async () => {
    await store.query('select * from items');
    const err = await store
      .transaction(async (tx) => {
        await tx.exec(`alter table items add column extra text`);
        await tx.query('select * from items');
      })
      .catch((e: unknown) => e as { code?: string });
    expect(err).toMatchObject({ code: '0A000' });
  });

  it('prepares a statement again once the store has let it go', async () => {
    expect((await store.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await store.exec('deallocate all');
    expect((await store.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
  });

  it('runs in a transaction and rolls back with it; a statement outside waits for its end', async () => {
    const order: string[] = [];
    let inside: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const failed = store
      .transaction(async (tx) => {
        await tx.query(insert, row);
        inside();
        // The statement outside is sent meanwhile; it must wait for this transaction's end.
        await tx.query('select 1');
        order.push('transaction');
        await tx.query(insert, row);
      })
      .catch((e: unknown) => e as { code?: string });
    await started;
    const outside = store.query<{ c: number }>('select count(*)::int as c from items').then((r) => {
      order.push('outside');
      return r.rows[0]!.c;
    });
    expect((await failed) as { code?: string }).toMatchObject({ code: '23505' });
    expect(await outside).toBe(0);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it("leaves a query with options of PGlite's own (parameter types) to PGlite", async () => {
    const { rows } = await store.query<{ v: string }>('select $1 as v', ['12'], { paramTypes: [25] });
    expect(rows).toEqual([{ v: '12' }]);
    expect(await preparedNames(store)).toHaveLength(1); // the names' own query
  });

  it('says the store is closed, as PGlite does', async () => {
    await store.query('select 1');
    await store.close();
    await expect(store.query('select 1')).rejects.toThrow(/^PGlite is closed/);
  });
});
