import type { Element, ElementContent, Root } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { toText } from 'hast-util-to-text';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';

/** What this file uses of lowlight (the highlighter the web's Markdown uses too). */
interface Lowlight {
  registered(name: string): boolean;
  highlight(language: string, value: string): { children: unknown[] };
}

/**
 * Loaded by name: lowlight's types bring highlight.js's, which add the DOM library to the server's
 * whole compilation. Its common grammars, once, on the first post rendered.
 */
const LOWLIGHT = 'lowlight';
let lowlight: Promise<Lowlight> | undefined;
function loadLowlight(): Promise<Lowlight> {
  lowlight ??= (import(LOWLIGHT) as Promise<{ createLowlight(g: unknown): Lowlight; common: unknown }>).then(
    (m) => m.createLowlight(m.common),
  );
  return lowlight;
}

/**
 * GitHub's rules (no script, style, event handlers or javascript: URLs) plus what this renderer
 * adds after them: only `language-*` on code (the highlighter's spans come later, ours).
 */
const SCHEMA: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [['className', /^language-[\w+#-]+$/]],
  },
};

function fenceLanguage(lowlight: Lowlight, node: Element): string | undefined {
  const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
  const found = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  const name = found?.slice('language-'.length);
  return name && lowlight.registered(name) ? name : undefined;
}

/** Highlights `pre > code` of a known language; others stay plain (nothing is guessed). */
function highlight(lowlight: Lowlight, tree: Root): void {
  visit(tree, 'element', (node: Element, _index, parent) => {
    if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
    const language = fenceLanguage(lowlight, node);
    if (!language) return;
    const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
    node.properties.className = [...(node.properties.className as string[]), 'hljs'];
    node.children = result.children as ElementContent[];
  });
}

/** Links leave the site in a new tab, without the opener or the referrer. */
function safeLinks(tree: Root): void {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'a') return;
    const href = typeof node.properties.href === 'string' ? node.properties.href : '';
    if (/^https?:/i.test(href)) {
      node.properties.target = '_blank';
      node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
    }
  });
}

/**
 * A blog post's Markdown as HTML, made on the server so that a visitor's browser needs no Markdown
 * parser or highlighter (business §2: the post with code highlighting, sanitized). GFM as the
 * chat's renderer reads it; raw HTML in the Markdown is dropped (never rendered), then the tree is
 * sanitized with GitHub's rules before the highlighting (whose spans are ours) is added.
 */
export async function renderPostHtml(markdown: string): Promise<string> {
  const mdast = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const hast = sanitize(toHast(mdast), SCHEMA) as Root;
  highlight(await loadLowlight(), hast);
  safeLinks(hast);
  return toHtml(hast);
}

const cache = new Map<string, string>();
const CACHE_SIZE = 200;

/** renderPostHtml, kept for the newest posts rendered (a post's key changes when it is edited). */
export async function cachedPostHtml(key: string, markdown: string): Promise<string> {
  let html = cache.get(key);
  if (html === undefined) {
    html = await renderPostHtml(markdown);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, html);
  }
  return html;
}
