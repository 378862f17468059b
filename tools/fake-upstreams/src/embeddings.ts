/**
 * OpenAI's Embeddings API on the fake OpenAI server: POST /v1/embeddings answers one vector per
 * input, made from the text alone (a hashed bag of its lower-cased words, normalized), so the same
 * text always gets the same vector and texts sharing words are near each other. `dimensions`
 * (default 256, at most 3072) sets the length; base64 encoding is answered as the SDK asks.
 */
import type { ServerResponse } from 'node:http';
import { sendError, sendJson } from './wire.js';

const DEFAULT_DIMENSIONS = 256;
const MAX_DIMENSIONS = 3072;
const MAX_INPUTS = 2048;

/** FNV-1a over the word's UTF-16 units: a fixed, fast spread of words over the dimensions. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The text's vector: each word adds ±1 at its hashed place; the whole is of length 1. */
function fakeEmbedding(text: string, dimensions = DEFAULT_DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = hash(word);
    v[h % dimensions]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...v);
  return norm === 0 ? v : v.map((x) => x / norm);
}

export function serveEmbeddings(res: ServerResponse, body: unknown): void {
  const b = (body ?? {}) as Record<string, unknown>;
  const input = typeof b.input === 'string' ? [b.input] : b.input;
  if (!Array.isArray(input) || input.length === 0 || !input.every((s) => typeof s === 'string')) {
    return sendError(res, 400, "'input' must be a string or an array of strings.");
  }
  if (input.length > MAX_INPUTS) return sendError(res, 400, `'input' may hold at most ${MAX_INPUTS} items.`);
  if (typeof b.model !== 'string' || b.model === '') return sendError(res, 400, "'model' is required.");
  const dims = b.dimensions === undefined ? DEFAULT_DIMENSIONS : b.dimensions;
  if (typeof dims !== 'number' || !Number.isInteger(dims) || dims < 1 || dims > MAX_DIMENSIONS) {
    return sendError(res, 400, `'dimensions' must be between 1 and ${MAX_DIMENSIONS}.`);
  }
  const base64 = b.encoding_format === 'base64';
  let tokens = 0;
  const data = (input as string[]).map((text, index) => {
    tokens += Math.ceil(text.length / 4);
    const vector = fakeEmbedding(text, dims);
    const embedding = base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
    return { object: 'embedding', index, embedding };
  });
  sendJson(res, 200, {
    object: 'list',
    data,
    model: b.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}
