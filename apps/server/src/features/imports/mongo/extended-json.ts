import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * MongoDB Extended JSON v2 (what `mongoexport` writes, relaxed or canonical) as plain values: an
 * ObjectId is its hex string, a date its ISO string, the numeric wrappers numbers. Any other
 * object is kept with its own keys only (`Object.fromEntries` defines them, so a `__proto__` key
 * stays an ordinary key).
 */
export function fromExtendedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromExtendedJson);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (entries.length === 1) {
    const [key, inner] = entries[0]!;
    switch (key) {
      case '$oid':
        return typeof inner === 'string' ? inner : null;
      case '$date':
        return dateOf(inner);
      case '$numberInt':
      case '$numberLong':
      case '$numberDouble':
      case '$numberDecimal': {
        const n = typeof inner === 'string' ? Number(inner) : Number.NaN;
        return Number.isFinite(n) ? n : null;
      }
    }
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, fromExtendedJson(v)]));
}

/** `$date`'s forms: an ISO string (relaxed), `{ $numberLong }` milliseconds (canonical), a number. */
function dateOf(inner: unknown): string | null {
  let ms: number;
  if (typeof inner === 'string') ms = Date.parse(inner);
  else if (typeof inner === 'number') ms = inner;
  else if (typeof inner === 'object' && inner !== null && '$numberLong' in inner) {
    ms = Number((inner as { $numberLong: unknown }).$numberLong);
  } else return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A line of the file that is not a JSON document. */
export interface BadLine {
  line: number;
  reason: string;
}

/** Where a document's line is in its file: enough to read it again without keeping it. */
export interface LineRef {
  offset: number;
  length: number;
}

/** A document read, with its line's place when the file has one document per line. */
export interface ReadDocument {
  doc: Record<string, unknown>;
  ref?: LineRef;
}

/** The file's lines with their byte offsets (a line's length leaves out its newline). */
async function* linesOf(path: string): AsyncGenerator<{ text: string; ref: LineRef }> {
  let read = 0;
  let pending: Buffer[] = [];
  let pendingStart = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, i);
      const line = pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
      yield { text: line.toString('utf8'), ref: { offset: pendingStart, length: line.length } };
      pending = [];
      start = i + 1;
      pendingStart = read + start;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
    read += chunk.length;
  }
  if (pending.length > 0) {
    const line = Buffer.concat(pending);
    yield { text: line.toString('utf8'), ref: { offset: pendingStart, length: line.length } };
  }
}

/**
 * The documents of one collection's export: one per line (mongoexport's default), or one JSON
 * list (its `--jsonArray`). Blank lines are passed over; a line that does not parse is named in
 * `bad` and the rest is still read. A document of a line-per-document file comes with its line's
 * place, so a caller can let it go and read it again later (`readAt`).
 */
export async function* readExport(path: string, bad: BadLine[]): AsyncGenerator<ReadDocument> {
  let n = 0;
  let seen = false;
  let arrayText: string[] | undefined;
  for await (const { text, ref } of linesOf(path)) {
    n += 1;
    if (arrayText) {
      arrayText.push(text);
      continue;
    }
    const trimmed = text.trim();
    if (trimmed === '') continue;
    // A list is told by its first character: a document per line never starts with '['.
    if (!seen && trimmed.startsWith('[')) {
      arrayText = [text];
      continue;
    }
    seen = true;
    const doc = parseDocument(trimmed);
    if (doc) yield { doc, ref };
    else bad.push({ line: n, reason: 'not a JSON object' });
  }
  if (!arrayText) return;
  let list: unknown;
  try {
    list = JSON.parse(arrayText.join('\n'));
  } catch {
    bad.push({ line: 1, reason: 'not a JSON list' });
    return;
  }
  if (!Array.isArray(list)) return;
  for (const [i, item] of list.entries()) {
    const doc = fromExtendedJson(item);
    if (isObject(doc)) yield { doc };
    else bad.push({ line: i + 1, reason: 'not a JSON object' });
  }
}

/** The documents at these places of an open file (each read as `readExport` read it once). */
export async function readAt(file: FileHandle, refs: readonly LineRef[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const ref of refs) {
    const buffer = Buffer.alloc(ref.length);
    await file.read(buffer, 0, ref.length, ref.offset);
    const doc = parseDocument(buffer.toString('utf8').trim());
    if (doc) out.push(doc);
  }
  return out;
}

function parseDocument(text: string): Record<string, unknown> | undefined {
  try {
    const doc = fromExtendedJson(JSON.parse(text));
    return isObject(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
