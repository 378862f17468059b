import { CJK_CHAR, foldText, foldWithOffsets } from './search-text.js';

/**
 * Search (GET /api/search?q=&pageNumber=, GET /api/search/enable): its
 * limits and how a query matches, without zod (the browser highlights with them on its first
 * paint); the request and reply schemas are in search-schemas.ts.
 */
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

/**
 * A word of a query: a letter or digit, then letters, digits or combining marks. A fixed pattern
 * (the query is only ever data, never a pattern); global, so use it with matchAll only.
 */
export const SEARCH_WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/**
 * The terms of a query as search reads them (folded: search-text.ts), unique, in order (at most
 * `maxTerms`): each word, with a word's Chinese, Japanese or Korean runs as terms of their own.
 * Both sides use it: the server to place excerpts, the client to highlight.
 */
export function searchTerms(q: string): string[] {
  const out: string[] = [];
  for (const [word] of q.matchAll(SEARCH_WORD)) {
    for (const [piece] of foldText(word).matchAll(TERM_PIECE)) {
      if (!out.includes(piece)) out.push(piece);
      if (out.length >= SEARCH_LIMITS.maxTerms) return out;
    }
  }
  return out;
}

const CJK_SOURCE = CJK_CHAR.source.slice(1, -1);
/** A CJK run, or a run of other letters, digits and marks. */
const TERM_PIECE = new RegExp(`[${CJK_SOURCE}]+|(?:(?![${CJK_SOURCE}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const MARK = /\p{M}/u;

/** Whether the character before `i` in `s` continues a (non-CJK) word, so `i` is no word start. */
function insideWord(s: string, i: number): boolean {
  if (i === 0) return false;
  const prev = String.fromCodePoint(s.codePointAt(i - 1)!);
  const ch =
    isLowSurrogate(prev.charCodeAt(0)) && i >= 2 ? String.fromCodePoint(s.codePointAt(i - 2)!) : prev;
  return WORD_CHAR.test(ch) && !CJK_CHAR.test(ch);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The spans of `text` where a term matches, sorted and merged; at most `limit` per term. Matching
 * is on folded text (any case, Turkish i, Arabic without harakat), mapped back to `text`'s
 * offsets. A Chinese, Japanese or Korean term matches anywhere (those scripts put no spaces
 * between words); any other term where a word starts (a whole word or its prefix), as the
 * full-text search matched it.
 */
export function matchRanges(text: string, terms: readonly string[], limit = 500): Array<[number, number]> {
  const folded = foldWithOffsets(text);
  const s = folded.out;
  const found: Array<[number, number]> = [];
  for (const raw of terms) {
    const term = foldText(raw);
    if (!term) continue;
    const cjk = CJK_CHAR.test(term);
    let n = 0;
    for (let i = s.indexOf(term); i >= 0 && n < limit; i = s.indexOf(term, i + 1)) {
      if (!cjk && insideWord(s, i)) continue;
      // A match ends after the marks that follow it (Arabic harakat, combining accents).
      let end = folded.to[i + term.length - 1]!;
      while (end < text.length && MARK.test(text[end]!)) end++;
      found.push([folded.from[i]!, end]);
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
  return matchRanges(text, terms, 1)[0]?.[0] ?? -1;
}
