import type { Processor } from 'unified';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * GFM (tables, task lists, strikethrough, autolinks, footnotes) as remark-gfm parses it, without
 * its Markdown serializer: replies are only read, never written back, so the Markdown chunk does
 * not carry mdast-util-to-markdown.
 */
export function remarkGfmRead(this: Processor): void {
  // The parser's extension lists (typed by remark-parse, which react-markdown brings).
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
