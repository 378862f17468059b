import { Fragment, memo, useMemo, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeHighlight from 'rehype-highlight';
import 'highlight.js/styles/github-dark.css';
import { splitBlocks } from './blocks';
import { CodeBlock } from './CodeBlock';

/** Language of a fenced block, from the `language-xx` class react-markdown puts on <code>. */
function languageOf(node: ReactNode): string {
  const props = (node as { props?: { className?: string } } | null)?.props;
  const match = /language-([\w+#.-]+)/.exec(props?.className ?? '');
  return match?.[1] ?? '';
}

const components: Components = {
  pre: ({ children }) => <CodeBlock language={languageOf(children)}>{children}</CodeBlock>,
  a: ({ node: _node, children, ...rest }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...rest} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  table: ({ node: _node, children, ...rest }: ComponentProps<'table'> & { node?: unknown }) => (
    <div className="md-table-wrap">
      <table {...rest}>{children}</table>
    </div>
  ),
};

/** An image a plugin generated, inlined by the server (base64 PNG, JPEG or WEBP only). */
const GENERATED_IMAGE = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/;

/**
 * react-markdown's safe URLs (http, https, mailto…), plus `data:` images in an <img> src, which
 * is how an image plugin's picture arrives (the CSP allows data: images, never data: scripts).
 */
export const urlTransform: UrlTransform = (url, key, node) =>
  key === 'src' && node.tagName === 'img' && GENERATED_IMAGE.test(url) ? url : defaultUrlTransform(url);

const remarkPlugins = [remarkGfm];
// Unknown languages are left plain rather than guessed (guessing is slow on long replies).
// One highlighter for every render: attaching rehype-highlight registers all its grammars again,
// and react-markdown attaches its plugins on every render of every block — that was about three
// quarters of a block's render time. Made at its first use, not while the chunk loads.
type Highlight = ReturnType<typeof rehypeHighlight>;
let highlighter: Highlight | null = null;
const highlight: Highlight = (tree, file) => (highlighter ??= rehypeHighlight({ detect: false }))(tree, file);
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [() => highlight];

/** One top-level block; memoized so a finished block is not parsed again while the reply grows. */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
      urlTransform={urlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});

/**
 * Assistant text as Markdown (GFM tables, lists, code). Raw HTML is not rendered: react-markdown
 * escapes it by default, and no rehype-raw is added.
 *
 * The text is rendered block by block (see `splitBlocks`), so while a reply streams only its last
 * block is re-parsed. The newline between blocks is the one react-markdown puts between top-level
 * elements, so the output is the same as rendering the whole text at once.
 */
function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return blocks.map((block, i) => (
    <Fragment key={i}>
      {i > 0 && '\n'}
      <MarkdownBlock text={block} />
    </Fragment>
  ));
}

export default memo(Markdown);
