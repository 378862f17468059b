import { describe, expect, it } from 'vitest';
import { createItemReader, MalformedFile } from './item-reader.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** Feeds `doc` in chunks of `size` bytes; the items read, and the error if any. */
function read(doc: string, size = 3, max?: number): { items: unknown[]; error?: MalformedFile } {
  const reader = createItemReader(max);
  const bytes = enc(doc);
  const items: unknown[] = [];
  try {
    for (let i = 0; i < bytes.length; i += size) items.push(...reader.write(bytes.subarray(i, i + size)));
    items.push(...reader.end());
    return { items };
  } catch (err) {
    if (err instanceof MalformedFile) return { items, error: err };
    throw err;
  }
}

describe('the streamed item reader', () => {
  it('gives each element of a list and a single top-level object, whatever the chunking', () => {
    expect(read('\uFEFF [ {"a":1}, {"b":[2,3]} ]\n', 1).items).toEqual([{ a: 1 }, { b: [2, 3] }]);
    expect(read('{"messages":[]}\n', 4).items).toEqual([{ messages: [] }]);
  });

  it('keeps the conversations before a fault and then reports it', () => {
    const r = read('[{"a":1},{"b":2},}');
    expect(r.items).toEqual([{ a: 1 }, { b: 2 }]);
    expect(r.error?.message).toMatch(/not valid JSON/);
    expect(read('[{"a":1},{"b"').error?.message).toMatch(/not valid JSON/);
  });

  it('refuses empty files, scalars and oversized conversations', () => {
    expect(read('   ').error?.message).toBe('The file is empty');
    expect(read('"text"').error?.message).toMatch(/list of conversations/);
    const big = `[{"t":"${'x'.repeat(5000)}"}]`;
    expect(read(big, 100, 1000).error).toMatchObject({ code: 'payload_too_large' });
    expect(read(big, 100, 10_000).items).toHaveLength(1);
  });
});
