/**
 * How search reads text, shared by the server (which mirrors it in SQL: migration
 * 0011_search_ngrams) and the client (which marks the matches).
 *
 * - Folding: NFKC (full-width Latin, half-width kana and Arabic presentation forms become their
 *   ordinary letters), then the few mappings below, then lowercase. Turkish İ, I, ı and i all fold
 *   to i, so a Turkish word is found however its i was typed or cased; Ё/ё fold to е; Arabic
 *   short vowels (harakat) and tatweel are dropped and alef with hamza or madda becomes bare alef.
 * - Chinese, Japanese and Korean runs (CJK_RANGES) have no spaces between words: they are indexed
 *   as overlapping character pairs, so any 1, 2 or more characters of a run are found wherever
 *   they stand. Other scripts are searched by whole words (the last word of a query also as a
 *   prefix), without stemming.
 */

/** Code point ranges searched by characters, not words: Han, kana, Hangul (and 々). */
export const CJK_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x11ff], // Hangul Jamo
  [0x3005, 0x3005], // 々 (iteration mark)
  [0x3041, 0x309f], // Hiragana
  [0x30a1, 0x30fa], // Katakana (without the middle dot ・ U+30FB, a word separator)
  [0x30fc, 0x30ff], // ー and the last katakana
  [0x3131, 0x318e], // Hangul compatibility Jamo
  [0x31f0, 0x31ff], // Katakana phonetic extensions
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xac00, 0xd7af], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0x20000, 0x2ffff], // CJK extensions B–F and supplement
];

const hex = (n: number) => `\\u{${n.toString(16)}}`;
const CJK_CLASS = CJK_RANGES.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
/** One CJK character. */
export const CJK_CHAR = new RegExp(`[${CJK_CLASS}]`, 'u');

/**
 * Characters folded to another (or to nothing: ''). Applied after NFKC and before lowercasing,
 * in SQL with translate(); keep both in step (a test compares them on PGlite and PostgreSQL).
 */
export const SEARCH_FOLDS: Readonly<Record<string, string>> = {
  İ: 'i',
  I: 'i',
  ı: 'i',
  Ё: 'е',
  ё: 'е',
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ...Object.fromEntries([...range(0x064b, 0x065f), 0x0670, 0x0640].map((c) => [String.fromCodePoint(c), ''])),
};

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** One code point as search reads it (possibly several characters, or none). */
export function foldChar(ch: string): string {
  let out = '';
  for (const c of ch.normalize('NFKC')) out += SEARCH_FOLDS[c] ?? c;
  return out.toLowerCase();
}

/** `text` folded code point by code point; `from[i]`/`to[i]`: the source span of out[i]. */
export function foldWithOffsets(text: string): { out: string; from: number[]; to: number[] } {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = ch.length === 1 && ch < '\u0080' && !(ch >= 'A' && ch <= 'Z') ? ch : foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    out += f;
    i += ch.length;
  }
  return { out, from, to };
}

/** `text` as search reads it. */
export function foldText(text: string): string {
  return foldWithOffsets(text).out;
}
