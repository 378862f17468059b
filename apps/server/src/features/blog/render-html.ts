import type { Element, ElementContent, Root } from 'hast';
import type { Schema } from 'hast-util-sanitize';
import { lazyModule } from '../../platform/lazy.js';

/** What this file uses of lowlight (the highlighter the web's Markdown uses too). */
interface Lowlight {
  registered(name: string): boolean;
  highlight(language: string, value: string): { children: unknown[] };
}

/**
 * lowlight is loaded by name: its types bring highlight.js's, which add the DOM library to the
 * server's whole compilation.
 */
const LOWLIGHT = 'lowlight';

/**
 * The Markdown and HTML libraries and lowlight's common grammars, loaded on the first post
 * rendered: a server whose blog is not read does not hold them.
 */
const kit = lazyModule('the blog renderer', async () => {
  const [sanitizer, html, text, markdown, mdGfm, mdHast, gfm, unist, lowlight] = await Promise.all([
    import('hast-util-sanitize'),
    import('hast-util-to-html'),
    import('hast-util-to-text'),
    import('mdast-util-from-markdown'),
    import('mdast-util-gfm'),
    import('mdast-util-to-hast'),
    import('micromark-extension-gfm'),
    import('unist-util-visit'),
    import(LOWLIGHT) as Promise<{ createLowlight(g: unknown): Lowlight; common: unknown }>,
  ]);
  /**
   * GitHub's rules (no script, style, event handlers or javascript: URLs) plus what this renderer
   * adds after them: only `language-*` on code (the highlighter's spans come later, ours).
   */
  const schema: Schema = {
    ...sanitizer.defaultSchema,
    attributes: {
      ...sanitizer.defaultSchema.attributes,
      code: [['className', /^language-[\w+#-]+$/]],
    },
  };
  return {
    parse: (md: string) =>
      markdown.fromMarkdown(md, { extensions: [gfm.gfm()], mdastExtensions: [mdGfm.gfmFromMarkdown()] }),
    sanitized: (mdast: ReturnType<typeof markdown.fromMarkdown>) =>
      sanitizer.sanitize(mdHast.toHast(mdast), schema) as Root,
    toHtml: html.toHtml,
    toText: text.toText,
    visit: unist.visit,
    lowlight: lowlight.createLowlight(lowlight.common),
  };
});
type Kit = Awaited<ReturnType<typeof kit.load>>;

function fenceLanguage(lowlight: Lowlight, node: Element): string | undefined {
  const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
  const found = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  const name = found?.slice('language-'.length);
  return name && lowlight.registered(name) ? name : undefined;
}

/** Highlights `pre > code` of a known language; others stay plain (nothing is guessed). */
function highlight(k: Kit, tree: Root): void {
  k.visit(tree, 'element', (node: Element, _index, parent) => {
    if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
    const language = fenceLanguage(k.lowlight, node);
    if (!language) return;
    const result = k.lowlight.highlight(language, k.toText(node, { whitespace: 'pre' }));
    node.properties.className = [...(node.properties.className as string[]), 'hljs'];
    node.children = result.children as ElementContent[];
  });
}

/**
 * Each code block in the frame the chat's and the editor preview's renderer gives it (the
 * Markdown styles' `.md-code`, its bar naming the fence's language), so a published post's code
 * looks as it did in the preview.
 */
function codeFrames(k: Kit, tree: Root): void {
  k.visit(tree, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'pre' || !parent || index === undefined) return;
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    const classes = Array.isArray(code?.properties.className) ? code.properties.className : [];
    const language = classes
      .find((c): c is string => typeof c === 'string' && c.startsWith('language-'))
      ?.slice('language-'.length);
    const bar: Element[] = language
      ? [
          {
            type: 'element',
            tagName: 'div',
            properties: { className: ['md-code-bar'] },
            children: [
              {
                type: 'element',
                tagName: 'span',
                properties: {},
                children: [{ type: 'text', value: language }],
              },
            ],
          },
        ]
      : [];
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['md-code'] },
      children: [...bar, node],
    };
  });
}

/** Links leave the site in a new tab, without the opener or the referrer. */
function safeLinks(k: Kit, tree: Root): void {
  k.visit(tree, 'element', (node: Element) => {
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
 * parser or highlighter (the post with code highlighting, sanitized). GFM as the
 * chat's renderer reads it; raw HTML in the Markdown is dropped (never rendered), then the tree is
 * sanitized with GitHub's rules before the highlighting (whose spans are ours) is added.
 */
export async function renderPostHtml(markdown: string): Promise<string> {
  const k = await kit.load();
  const hast = k.sanitized(k.parse(markdown));
  highlight(k, hast);
  codeFrames(k, hast);
  safeLinks(k, hast);
  return k.toHtml(hast);
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
