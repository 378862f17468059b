/**
 * Splits Markdown into top-level blocks that parse the same apart as together, so a streaming
 * reply re-parses only its last, growing block. Joining the blocks gives back the text.
 *
 * A split happens only at a run of blank lines outside a fenced code block (or `$$` math block), when the next line
 * starts at column 0 (not a continuation of a list item or indented code) and is not a list item
 * (which could belong to a loose list above). Text with link reference or footnote definitions,
 * or an HTML block (which may span blank lines), is split less or not at all.
 */

// A `$$` line opens display math (remark-math), which may hold blank lines like a code fence.
const FENCE = /^( *)(`{3,}|~{3,}|\${2,})(.*)$/;
const LIST_ITEM = /^([-+*]|\d{1,9}[.)])([ \t]|$)/;
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;
const HTML_START = /^ {0,3}</;

export function splitBlocks(text: string): string[] {
  // Definitions apply across the whole document; keep it in one piece.
  if (DEFINITION.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let start = 0; // index of the first line of the current block
  let fence: { char: string; length: number; indent: number } | null = null;
  let sawBlank = false;
  let hasHtml = false;
  let hasContent = false; // the current block has a non-blank line
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const m = FENCE.exec(line);
      if (
        m &&
        m[2]![0] === fence.char &&
        m[2]!.length >= fence.length &&
        m[1]!.length <= fence.indent + 3 &&
        m[3]!.trim() === ''
      ) {
        fence = null;
      }
      continue;
    }
    if (line.trim() === '') {
      sawBlank = true;
      continue;
    }
    if (sawBlank && hasContent && !hasHtml && /^\S/.test(line) && !LIST_ITEM.test(line)) {
      blocks.push(lines.slice(start, i).join('\n') + '\n');
      start = i;
    }
    sawBlank = false;
    hasContent = true;
    if (HTML_START.test(line)) hasHtml = true;
    const m = FENCE.exec(line);
    if (m && !(m[2]![0] === '`' && m[3]!.includes('`')) && !(m[2]![0] === '$' && m[3]!.includes('$'))) {
      fence = { char: m[2]![0]!, length: m[2]!.length, indent: m[1]!.length };
    }
  }
  blocks.push(lines.slice(start).join('\n'));
  return blocks;
}
