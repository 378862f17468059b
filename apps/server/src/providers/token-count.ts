import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';
import { CONTEXT_LIMITS, imageTokens } from '@chat/contract';
import type { ProviderMessage, ProviderRequest } from './types.js';

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

/** Whether a count has loaded gpt-tokenizer in this process yet. */
export function tokenizerLoaded(): boolean {
  return tokenizer !== undefined;
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

const PER_MESSAGE = CONTEXT_LIMITS.perMessageTokens;

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

/**
 * How a model's tokens are counted: OpenAI's models with their tokenizer (gpt-tokenizer), every
 * other family (Claude, Gemini, Llama, …, whose tokenizers are not published as JS or differ) by
 * `estimateTokens`.
 */
export type TokenizerFamily = 'openai' | 'estimate';

const OPENAI_MODEL = /(^|[/:])(gpt-|chatgpt|o\d|text-davinci|davinci|babbage)/i;

export function tokenizerFamilyOf(model: string): TokenizerFamily {
  return OPENAI_MODEL.test(model) ? 'openai' : 'estimate';
}

/**
 * A close, high-side estimate of a text's tokens for models without a tokenizer here: ASCII
 * text at `estimateAsciiCharsPerToken` characters a token, any other UTF-16 unit a token.
 */
export function estimateTokens(text: string): number {
  let other = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) other++;
  return Math.ceil((text.length - other) / CONTEXT_LIMITS.estimateAsciiCharsPerToken) + other;
}

export function countTextAs(family: TokenizerFamily, text: string): number {
  return family === 'openai' ? countText(text) : estimateTokens(text);
}

interface CachedCount {
  text: string;
  family: TokenizerFamily;
  tokens: number;
}

/**
 * Token counts of saved messages, by message id, so the next prompt of a long conversation counts
 * only its new turns. An entry is used only while the message's text is the same (a continued or
 * edited message is counted again). Bounded by the characters it keeps; the least recently used
 * entries go first.
 */
export class TokenCountCache {
  private readonly entries = new Map<string, CachedCount>();
  private chars = 0;

  constructor(private readonly maxChars: number = CONTEXT_LIMITS.tokenCacheChars) {}

  count(id: string, text: string, family: TokenizerFamily): number {
    const hit = this.entries.get(id);
    if (hit && hit.family === family && hit.text === text) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.tokens;
    }
    const tokens = countTextAs(family, text);
    if (hit) {
      this.entries.delete(id);
      this.chars -= hit.text.length;
    }
    if (text.length <= this.maxChars) {
      this.entries.set(id, { text, family, tokens });
      this.chars += text.length;
      for (const [key, e] of this.entries) {
        if (this.chars <= this.maxChars) break;
        this.entries.delete(key);
        this.chars -= e.text.length;
      }
    }
    return tokens;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache of saved messages' counts (the ask pipeline's and the summaries'). */
const savedMessageTokens = new TokenCountCache();

/**
 * A number of tokens a text never exceeds, found without a tokenizer: its UTF-8 bytes. A
 * byte-level BPE token holds at least one byte, and `estimateTokens` counts at most one token a
 * UTF-16 unit, which takes at least one byte (two or more when it is not ASCII).
 */
export function textTokenBound(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** A number of tokens `countMessage` never exceeds for `m`, in any family: see textTokenBound. */
export function messageTokenBound(m: ProviderMessage): number {
  if (typeof m.content === 'string') {
    let total = PER_MESSAGE + textTokenBound(m.content);
    if (m.role === 'assistant' && m.toolCalls)
      for (const c of m.toolCalls) total += textTokenBound(c.name + c.arguments);
    return total;
  }
  let total = PER_MESSAGE;
  for (const part of m.content)
    total += part.type === 'text' ? textTokenBound(part.text) : imageTokens(part.detail);
  return total;
}

/**
 * The tokens of one prompt message: its role's few, its text (by `id` through `cache` when it is
 * a saved message's), each image at the spec's cost.
 */
export function countMessage(
  m: ProviderMessage,
  family: TokenizerFamily,
  id?: string,
  cache: TokenCountCache = savedMessageTokens,
): number {
  const text = (t: string) => (id !== undefined ? cache.count(id, t, family) : countTextAs(family, t));
  if (typeof m.content === 'string') {
    let total = PER_MESSAGE + text(m.content);
    if (m.role === 'assistant' && m.toolCalls)
      for (const c of m.toolCalls) total += countTextAs(family, c.name + c.arguments);
    return total;
  }
  let total = PER_MESSAGE;
  for (const part of m.content)
    total += part.type === 'text' ? countTextAs(family, part.text) : imageTokens(part.detail);
  return total;
}
