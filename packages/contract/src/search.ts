import { z } from 'zod';
import { conversationSchema, messageSchema } from './entities.js';

/** Search (spec core-chat §2, §7: GET /api/search?q=&pageNumber=, GET /api/search/enable). */
export const SEARCH_LIMITS = {
  /** Hits (matching messages and matching titles) per page. */
  pageSize: 25,
  queryMaxChars: 200,
  /** Deepest page served (25 × 400 = the newest 10,000 hits); narrow the query to see older ones. */
  maxPageNumber: 400,
  /** A hit's text longer than this is cut to a window around its first match. */
  excerptChars: 600,
  /** Words of a query that are used (the rest are ignored). */
  maxTerms: 32,
} as const;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_LIMITS.queryMaxChars),
  pageNumber: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPageNumber).default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * A matching message, with the title of its conversation. A reply's `text` is the plain text it
 * reads as (its Markdown syntax removed: fences, table pipes, emphasis, link targets); a
 * person's own message is as typed. `text` is cut to a window around the first match (with … at
 * a cut end) when it is longer than `excerptChars`; `excerpt` says so.
 */
export const searchHitSchema = messageSchema.extend({
  title: z.string(),
  excerpt: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/**
 * One page of hits, newest first. A hit is a matching message or a conversation whose title
 * matches; `conversations` holds every conversation with a hit on this page (newest updatedAt
 * first), `messages` the matching messages. `pages` is pageNumber + 1 while more hits exist,
 * else pageNumber (the total is never counted: that would cost a scan of every match).
 */
export const searchPageSchema = z.object({
  conversations: z.array(conversationSchema),
  messages: z.array(searchHitSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  pages: z.number(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const searchEnabledSchema = z.boolean();

/**
 * A word of a query: a letter or digit, then letters, digits or combining marks. A fixed pattern
 * (the query is only ever data, never a pattern); global, so use it with matchAll only.
 */
export const SEARCH_WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/**
 * The words of a query, lowercased, unique, in order (at most `maxTerms`). Both sides use it: the
 * server to place excerpts, the client to highlight.
 */
export function searchTerms(q: string): string[] {
  const out: string[] = [];
  for (const [word] of q.toLowerCase().matchAll(SEARCH_WORD)) {
    if (!out.includes(word)) out.push(word);
    if (out.length >= SEARCH_LIMITS.maxTerms) break;
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Where `term` next starts a word in `lower` at or after `from`, or -1. */
function nextWordStart(lower: string, term: string, from: number): number {
  let i = lower.indexOf(term, from);
  while (i > 0 && WORD_CHAR.test(lower[i - 1]!)) i = lower.indexOf(term, i + 1);
  return i;
}

/** Lowercases for matching; null when lowercasing changes the length (offsets would not line up). */
function lowerOf(text: string): string | null {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : null;
}

/**
 * The spans of `text` where a term starts a word (case-insensitive), sorted and merged; at most
 * `limit` of them. What the full-text search matched: whole words, or a word's prefix.
 */
export function matchRanges(text: string, terms: readonly string[], limit = 500): Array<[number, number]> {
  const lower = lowerOf(text);
  if (!lower) return [];
  const found: Array<[number, number]> = [];
  for (const term of terms) {
    if (!term) continue;
    let n = 0;
    for (let i = nextWordStart(lower, term, 0); i >= 0 && n < limit; i = nextWordStart(lower, term, i + 1)) {
      found.push([i, i + term.length]);
      n++;
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const r of found) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else if (merged.length < limit) merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Where the first term match starts in `text`, or -1. */
export function firstMatch(text: string, terms: readonly string[]): number {
  const lower = lowerOf(text);
  if (!lower) return -1;
  let first = -1;
  for (const term of terms) {
    if (!term) continue;
    const i = nextWordStart(lower, term, 0);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  return first;
}
