import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromExtendedJson, readAt, readExport, type BadLine, type ReadDocument } from './extended-json.js';

const dir = mkdtempSync(join(tmpdir(), 'extended-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const all = async (path: string, bad: BadLine[]) => {
  const out: ReadDocument[] = [];
  for await (const d of readExport(path, bad)) out.push(d);
  return out;
};

describe('fromExtendedJson', () => {
  it('reads the relaxed and canonical forms of ObjectIds, dates and numbers', () => {
    expect(
      fromExtendedJson({
        _id: { $oid: '65a0c0ffee00000000000001' },
        relaxed: { $date: '2024-05-01T10:00:00Z' },
        canonical: { $date: { $numberLong: '1714557600000' } },
        n: [{ $numberInt: '7' }, { $numberLong: '9007199254740991' }, { $numberDouble: '0.5' }],
        bad: { $numberDouble: 'NaN' },
        nested: { a: { $oid: 'ff' }, two: { $oid: 'x', other: 1 } },
      }),
    ).toEqual({
      _id: '65a0c0ffee00000000000001',
      relaxed: '2024-05-01T10:00:00.000Z',
      canonical: '2024-05-01T10:00:00.000Z',
      n: [7, 9007199254740991, 0.5],
      bad: null,
      nested: { a: 'ff', two: { $oid: 'x', other: 1 } },
    });
  });

  it('keeps a __proto__ key an ordinary key', () => {
    const doc = fromExtendedJson(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.hasOwn(doc, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('readExport', () => {
  it('reads a document per line (CRLF, multi-byte text, a line longer than a read) and reads each again by its place', async () => {
    const long = 'é'.repeat(100_000);
    const path = join(dir, 'lines.json');
    writeFileSync(
      path,
      [
        '{"a":1,"t":"Belém"}',
        '',
        `{"a":2,"t":"${long}"}`,
        'not json',
        '{"a":3,"d":{"$date":{"$numberLong":"0"}}}',
      ].join('\r\n'),
    );
    const bad: BadLine[] = [];
    const docs = await all(path, bad);
    expect(docs.map((d) => d.doc.a)).toEqual([1, 2, 3]);
    expect(bad).toEqual([{ line: 4, reason: 'not a JSON object' }]);
    const file = await open(path, 'r');
    try {
      const again = await readAt(
        file,
        docs.map((d) => d.ref!),
      );
      expect(again).toEqual(docs.map((d) => d.doc));
      expect(again[1]!.t).toBe(long);
      expect(again[2]!.d).toBe('1970-01-01T00:00:00.000Z');
    } finally {
      await file.close();
    }
  });

  it("reads mongoexport's --jsonArray file, without places", async () => {
    const path = join(dir, 'array.json');
    writeFileSync(path, '[{"_id":{"$oid":"aa"}},\n{"_id":{"$oid":"bb"}},\n3]\n');
    const bad: BadLine[] = [];
    const docs = await all(path, bad);
    expect(docs).toEqual([{ doc: { _id: 'aa' } }, { doc: { _id: 'bb' } }]);
    expect(bad).toEqual([{ line: 3, reason: 'not a JSON object' }]);
  });
});
