import { matchRanges } from '@chat/contract';

export interface Segment {
  text: string;
  match: boolean;
}

/**
 * `text` cut into plain and matching pieces (a term at the start of a word, any case), in order;
 * joined they give `text` back. Rendered as text nodes, so nothing in `text` is ever markup.
 */
export function highlightSegments(text: string, terms: readonly string[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, terms)) {
    if (start > at) out.push({ text: text.slice(at, start), match: false });
    out.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), match: false });
  return out;
}
