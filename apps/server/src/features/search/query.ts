import { SEARCH_LIMITS, SEARCH_WORD, firstMatch } from '@chat/contract';

/**
 * A search query as the texts its tsqueries are made of (SQL `search_query(text, prefix)`,
 * migration 0013_search_ngrams), all passed to PostgreSQL as bound parameters. `text` is the
 * whole query (for the phrase), `chunks` its space-separated parts that hold a word (at most
 * `maxTerms`). search_query builds each tsquery from lexemes only, so no input can change a
 * query's meaning or fail to parse.
 */
export interface TextQuery {
  text: string;
  chunks: string[];
}

// Control characters (NUL cannot reach PostgreSQL) and lone surrogates.
const UNSAFE = /[\p{Cc}\p{Cs}]/gu;
const HAS_WORD = new RegExp(SEARCH_WORD.source, 'u');

/** The parts of `q`, or null when it holds no word (nothing can match). */
export function toTextQuery(q: string): TextQuery | null {
  const text = q.replace(UNSAFE, ' ').trim();
  const chunks = text
    .split(/\s+/u)
    .filter((c) => HAS_WORD.test(c))
    .slice(0, SEARCH_LIMITS.maxTerms);
  return chunks.length > 0 ? { text, chunks } : null;
}

/**
 * `text` as a search hit shows it: whole when at most `max` characters, else a window of about
 * `max` characters that starts a little before the first match, cut at spaces, with … at a cut end.
 */
export function excerpt(text: string, terms: readonly string[], max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const at = firstMatch(text, terms);
  let start = at <= 0 ? 0 : Math.max(0, at - Math.floor(max / 4));
  let end = Math.min(text.length, start + max);
  start = Math.max(0, end - max);
  // Cut at a space near each end when there is one, and never inside a surrogate pair.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < (at < 0 ? start + 40 : Math.min(at, start + 40))) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > end - 40 && space > start) end = space;
  }
  if (isLowSurrogate(text.charCodeAt(start))) start++;
  if (isLowSurrogate(text.charCodeAt(end))) end--;
  const body = text.slice(start, end).trim();
  return { text: `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`, cut: true };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
