import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';
import { imageTokens } from '@chat/contract';
import type { ProviderRequest } from './types.js';

/**
 * gpt-tokenizer, loaded at the first count: its encoding tables cost ~330 ms and tens of MB at
 * start-up, which most installs (no balance, no summaries) never need.
 */
let tokenizer: typeof GptTokenizer | undefined;
const requireModule = createRequire(import.meta.url);
function countTokens(text: string): number {
  tokenizer ??= requireModule('gpt-tokenizer') as typeof GptTokenizer;
  return tokenizer.countTokens(text);
}

/** Runs without whitespace longer than this are counted in slices of this size. */
const MAX_RUN = 256;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}`, 'g');

/**
 * Tokens of a text (gpt-tokenizer, o200k_base: the encoding of today's OpenAI models). BPE is
 * quadratic in the length of one run without whitespace (100,000 "a"s took ~13 s, 500,000
 * minutes, all of it blocking the event loop), so such runs are counted in 256-character slices:
 * a slice boundary costs at most a token, and a request can no longer stall the server.
 */
export function countText(text: string): number {
  if (!text) return 0;
  let total = 0;
  let last = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    total += countTokens(text.slice(last, m.index));
    for (let i = 0; i < m[0].length; i += MAX_RUN) total += countTokens(m[0].slice(i, i + MAX_RUN));
    last = m.index + m[0].length;
  }
  return total + countTokens(text.slice(last));
}

/** Per message, the few tokens of its role and separators (OpenAI's chat format counts ~3). */
const PER_MESSAGE = 3;

/**
 * The prompt tokens of a request, counted here when the provider reports no usage: every
 * message's text, and each image at the spec's cost (high detail, one tile, unless low).
 */
export function countPrompt(request: ProviderRequest, detail?: 'low' | 'high' | 'auto'): number {
  let total = 0;
  for (const m of request.messages) {
    total += PER_MESSAGE;
    if (typeof m.content === 'string') total += countText(m.content);
    else
      for (const part of m.content)
        total += part.type === 'text' ? countText(part.text) : imageTokens(part.detail ?? detail);
  }
  return total;
}
