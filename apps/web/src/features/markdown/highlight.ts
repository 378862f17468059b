import type { Element, ElementContent, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';
import { grammarFor, grammarLoaded, lowlight } from './languages';

/** The fence's language from the `language-xx` class mdast-util-to-hast puts on <code>. */
function fenceLanguage(className: unknown): string {
  const classes = Array.isArray(className) ? className : [];
  const found = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return found ? found.slice('language-'.length) : '';
}

/**
 * Highlights `pre > code` whose language has a loaded grammar (see languages.ts); other code stays
 * plain until its grammar arrives and the block renders again. Unknown languages are never guessed
 * (guessing is slow on long replies).
 */
export function rehypeCodeHighlight() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
      const language = grammarFor(fenceLanguage(node.properties.className));
      if (!language || !grammarLoaded(language)) return;
      const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
      node.properties.className = [...(node.properties.className as string[]), 'hljs'];
      node.children = result.children as ElementContent[];
    });
  };
}
