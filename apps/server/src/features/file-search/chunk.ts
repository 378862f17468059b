import { FILE_SEARCH_LIMITS } from '@chat/contract';
import type { ExtractedPart } from './extract.js';

export interface Chunk {
  content: string;
  page: number | null;
}

export interface ChunkOptions {
  /** Characters per chunk at most (LibreChat's CHUNK_SIZE). */
  size: number;
  /** Characters a chunk repeats of the one before (CHUNK_OVERLAP), less than `size`. */
  overlap: number;
}

/** Where to end a chunk, best first: a paragraph, a line, a sentence, a word. */
const BREAKS = [/\n\s*\n/g, /\n/g, /[.!?。！？]\s/g, /\s/g];

/** The end of a chunk that starts at `start`: the last good break in its second half, else `size`. */
function endOf(text: string, start: number, size: number): number {
  const hard = start + size;
  if (hard >= text.length) return text.length;
  const window = text.slice(start, hard);
  const floor = Math.floor(size / 2);
  for (const re of BREAKS) {
    let last = -1;
    for (const m of window.matchAll(re)) if (m.index >= floor) last = m.index + m[0].length;
    if (last > 0) return start + last;
  }
  return hard;
}

/** The start of the next chunk: `overlap` back from the end, moved forward to a word's start. */
function nextStart(text: string, start: number, end: number, overlap: number): number {
  if (end >= text.length || overlap <= 0) return end;
  let at = Math.max(end - overlap, start + 1);
  while (at < end && !/\s/.test(text[at - 1] ?? ' ')) at++;
  return at;
}

/**
 * A document's parts split into chunks of at most `size` characters, each ending at the best
 * break it has (paragraph, line, sentence, word), the next one repeating up to `overlap`
 * characters so a passage cut in two is still found whole in one of them. A chunk never spans
 * two PDF pages, so each cites one page. Blank chunks are dropped; at most maxChunksPerFile.
 */
export function chunkText(parts: readonly ExtractedPart[], opts: ChunkOptions): Chunk[] {
  const size = Math.max(opts.size, FILE_SEARCH_LIMITS.minChunkSize);
  const overlap = Math.min(Math.max(opts.overlap, 0), Math.floor(size / 2));
  const out: Chunk[] = [];
  for (const part of parts) {
    const text = part.text;
    let start = 0;
    while (start < text.length && out.length < FILE_SEARCH_LIMITS.maxChunksPerFile) {
      const end = endOf(text, start, size);
      const content = text.slice(start, end).trim();
      if (content) out.push({ content, page: part.page });
      start = nextStart(text, start, end, overlap);
    }
  }
  return out;
}
