/*
 * A reply's Markdown as words to say: the marks are dropped (headings, emphasis, list bullets,
 * quotes, table pipes, link targets), and each fenced code block is said as one short phrase
 * ("Code block") instead of being read symbol by symbol.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** The line under a heading written with equals signs (one with dashes is a rule). */
const SETEXT_EQUALS = /^ {0,3}=+[ \t]*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** The closing fence of a block opened by `open`: the same mark, at least as long, nothing after. */
function closes(line: string, open: string): boolean {
  const mark = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)?.[1];
  return mark !== undefined && mark[0] === open[0] && mark.length >= open.length;
}

/** One line's words without its block marks. */
function blockWords(line: string): string {
  if (RULE.test(line) || TABLE_DIVIDER.test(line) || SETEXT_EQUALS.test(line)) return '';
  let out = line
    .replace(/^\s{0,3}(?:>\s?)+/, '') // quotes
    .replace(/^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/, '$1') // headings, with their closing marks
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, '') // list bullets and numbers
    .replace(/^\[[ xX]\]\s+/, ''); // task boxes
  // A table row: its cells, one after the other.
  if (/^\s*\|.*\|\s*$/.test(out)) {
    out = out
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '')
      .join(', ');
  }
  return out;
}

/** A line's words without its inline marks. */
function inlineWords(line: string): string {
  return (
    line
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their description
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links: their text
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1') // reference links
      .replace(/\[\^[^\]]+\]/g, '') // footnote marks
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1') // autolinks
      .replace(/<\/?[a-zA-Z][^>]*>/g, '') // HTML tags
      .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, '$2') // inline code: its text
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2') // strong
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1') // struck through
      .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1') // emphasis with stars
      .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2') // with underscores, not inside a word
      .replace(/\$\$([^$]+)\$\$/g, '$1') // display math: its text
      // Inline math, as Pandoc tells it from prices: no space inside its dollars, no digit after.
      .replace(/\$([^$\s](?:[^$]*[^$\s])?)\$(?!\d)/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~$])/g, '$1')
  ); // escaped marks
}

/** The reply's text to say; `codeBlock` stands for each fenced code block (in the UI's language). */
export function speakableText(markdown: string, codeBlock: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    if (fence !== null) {
      if (closes(line, fence)) fence = null;
      continue;
    }
    const open = FENCE.exec(line)?.[1];
    if (open) {
      fence = open;
      out.push(`${codeBlock}.`);
      continue;
    }
    out.push(
      inlineWords(blockWords(line))
        .replace(/[ \t]+/g, ' ')
        .trim(),
    );
  }
  // Paragraphs stay apart (the voice pauses between them); runs of empty lines are one.
  return out
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * The text in pieces the engine reads one after the other: paragraphs, and sentences gathered up to
 * `max` characters. Some engines stop reading a long utterance part way (Chrome after about fifteen
 * seconds), never a short one.
 */
export function speechChunks(text: string, max = 200): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    const sentences = paragraph.match(/[^.!?。！？]+(?:[.!?。！？]+|$)\s*/g) ?? [];
    let piece = '';
    for (const sentence of sentences) {
      if (piece !== '' && piece.length + sentence.length > max) {
        out.push(piece.trim());
        piece = '';
      }
      piece += sentence;
    }
    if (piece.trim() !== '') out.push(piece.trim());
  }
  return out;
}
