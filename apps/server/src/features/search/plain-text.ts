/**
 * A reply's Markdown as the plain text a person reads in it, for search hits: a hit shows a
 * window of the text with the matches marked, and raw Markdown there (fences, table pipes,
 * asterisks, link targets) is noise, and can be cut in half by the window. Line by line and
 * tolerant of fragments (no parser: a reply can be 100,000 characters and a page holds 25).
 *
 * Code (fenced or inline) keeps its text as written; everything that only looks like syntax
 * (`snake_case`, `2 * 3`, a lone `|`) is left alone.
 */

/** Backslash escapes are hidden in private-use characters while the syntax is removed. */
const ESCAPE_BASE = 0xe000;
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const HIDDEN = /[\ue000-\ue07f]/g;
const hide = (s: string) =>
  s.replace(ESCAPED, (_m, c: string) => String.fromCharCode(ESCAPE_BASE + c.charCodeAt(0)));
const unhide = (s: string) => s.replace(HIDDEN, (c) => String.fromCharCode(c.charCodeAt(0) - ESCAPE_BASE));

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const RULE = /^\s{0,3}(?:([-*_])(?:\s*\1){2,}|=+)\s*$/;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S+.*$/;
const HEADING = /^\s{0,3}#{1,6}(?:\s+|$)/;
const QUOTE = /^(?:\s{0,3}>\s?)+/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/;

const INLINE: Array<[RegExp, string]> = [
  // Images and links keep their text: ![alt](src "title"), [text](href), [text][ref].
  [/!?\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1'],
  [/!?\[([^\]]+)\]\[[^\]]*\]/g, '$1'],
  [/<((?:https?|mailto):[^>\s]+)>/g, '$1'],
  // Emphasis: ** __ ~~ around text, then single * and _ that open and close a run of words.
  [/(\*\*|__|~~)(?=\S)(.*?\S)\1/g, '$2'],
  [/(?<![\p{L}\p{N}*])\*(?=[^\s*])(.*?[^\s*])\*(?![\p{L}\p{N}*])/gu, '$1'],
  [/(?<![\p{L}\p{N}_])_(?=[^\s_])(.*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1'],
];

/** Inline syntax removed from text outside code spans; a code span keeps its text as written. */
function inline(line: string): string {
  let out = '';
  let at = 0;
  for (const m of line.matchAll(/(`+)(.+?)\1(?!`)/g)) {
    out += INLINE.reduce((s, [re, to]) => s.replace(re, to), line.slice(at, m.index));
    out += m[2]!.replace(/^ (.*) $/, '$1');
    at = m.index + m[0].length;
  }
  return out + INLINE.reduce((s, [re, to]) => s.replace(re, to), line.slice(at));
}

const isTableRow = (line: string) => {
  const t = line.trim();
  return t.length > 1 && t.startsWith('|') && t.endsWith('|');
};

function tableCells(line: string): string {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => inline(cell.trim()))
    .join(' · ');
}

export function markdownToPlainText(markdown: string): string {
  const lines = hide(markdown).split(/\r?\n/);
  const out: string[] = [];
  let fence: string | null = null;
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      else out.push(line.trimEnd());
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (line.includes('|') && DELIMITER_ROW.test(line)) continue;
    const startsTable = line.includes('|') && DELIMITER_ROW.test(lines[i + 1] ?? '');
    inTable = line.includes('|') && (inTable || startsTable || isTableRow(line));
    if (inTable) {
      out.push(tableCells(line));
      continue;
    }
    if (RULE.test(line) || LINK_DEFINITION.test(line)) continue;
    const text = line
      .replace(HEADING, '')
      .replace(/\s+#+\s*$/, '')
      .replace(QUOTE, '')
      .replace(LIST_ITEM, '');
    out.push(inline(text).trimEnd());
  }
  return unhide(out.join('\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
