import {
  Fragment,
  memo,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components, type UrlTransform } from 'react-markdown';
import { remarkGfmRead } from './gfm';
import { useLocalPref } from '../../state/local-pref';
import 'highlight.js/styles/github-dark.css';
import './markdown.css';
import { splitBlocks } from './blocks';
import { MarkdownDirectivesContext, type MarkdownPiece } from './directives';
import { CodeBlock } from './CodeBlock';
import { TaskCheckbox } from './TaskCheckbox';
import { rehypeCodeHighlight } from './highlight';
import { loadGrammar, missingGrammars } from './languages';
import { hasMath, prepareMath } from './latex';

/** Language of a fenced block, from the `language-xx` class react-markdown puts on <code>. */
function languageOf(node: ReactNode): string {
  const props = (node as { props?: { className?: string } } | null)?.props;
  const match = /language-([\w+#.-]+)/.exec(props?.className ?? '');
  return match?.[1] ?? '';
}

const components: Components = {
  pre: ({ children }) => <CodeBlock language={languageOf(children)}>{children}</CodeBlock>,
  // A model's (or a shared page's) link is not ours to vouch for: no opener, no referrer, no
  // ranking credit.
  a: ({ node: _node, children, ...rest }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...rest} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  // An image whose URL was refused (urlTransform answers '') shows its alt text, not <img src="">
  // (which would ask for the page itself again).
  img: ({ node: _node, src, alt, ...rest }: ComponentProps<'img'> & { node?: unknown }) =>
    src ? <img src={src} alt={alt ?? ''} {...rest} /> : <span className="md-img-refused">{alt}</span>,
  input: ({ node: _node, type, checked, ...rest }: ComponentProps<'input'> & { node?: unknown }) =>
    type === 'checkbox' ? <TaskCheckbox checked={checked} /> : <input type={type} {...rest} />,
  // A wide table scrolls sideways: focusable, so the keyboard can scroll it too.
  table: ({ node: _node, children, ...rest }: ComponentProps<'table'> & { node?: unknown }) => (
    <div className="md-table-wrap" tabIndex={0}>
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
const urlTransform: UrlTransform = (url, key, node) =>
  key === 'src' && node.tagName === 'img' && GENERATED_IMAGE.test(url) ? url : defaultUrlTransform(url);

type Plugins = NonNullable<ComponentProps<typeof ReactMarkdown>['remarkPlugins']>;
interface PluginSet {
  remark: Plugins;
  rehype: Plugins;
}

const plain: PluginSet = { remark: [remarkGfmRead], rehype: [rehypeCodeHighlight] };

/** The plugins with LaTeX, once the math chunk (remark-math, rehype-katex, KaTeX's CSS) is loaded. */
let withMath: PluginSet | null = null;
let mathLoading: Promise<PluginSet> | null = null;
function loadMath(): Promise<PluginSet> {
  mathLoading ??= import('./math').then(
    (m) =>
      (withMath = {
        remark: [remarkGfmRead, m.remarkMath],
        // KaTeX's typeset HTML must not be highlighted as code: it runs after the highlighter.
        rehype: [rehypeCodeHighlight, [m.rehypeKatex, m.katexOptions]],
      }),
    (err: unknown) => {
      mathLoading = null;
      throw err;
    },
  );
  return mathLoading;
}

/** The LaTeX plugins when `wanted`: null until loaded (the text renders without them meanwhile). */
function useMath(wanted: boolean): PluginSet | null {
  const [loaded, setLoaded] = useState(withMath);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadMath().then(
      (set) => live && setLoaded(set),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return wanted ? loaded : null;
}

/**
 * One top-level block; memoized so a finished block is not parsed again while the reply grows.
 * A fence naming a language whose grammar is not loaded yet renders plain, then again once it is.
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  plugins = plain,
}: {
  text: string;
  plugins?: PluginSet;
}) {
  const [, grammarArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const missing = missingGrammars(text);
    if (missing.length === 0) return;
    let live = true;
    Promise.all(missing.map(loadGrammar)).then(
      () => live && grammarArrived(),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <ReactMarkdown
      remarkPlugins={plugins.remark}
      rehypePlugins={plugins.rehype}
      components={components}
      urlTransform={urlTransform}
    >
      {text}
    </ReactMarkdown>
  );
});

/**
 * Assistant text as Markdown: GFM (tables, task lists, strikethrough, autolinks), highlighted
 * code, and LaTeX when the LaTeXParsing preference is on. Raw HTML is
 * not rendered: react-markdown escapes it by default, and no rehype-raw is added.
 *
 * The text is rendered block by block (see `splitBlocks`), so while a reply streams only its last
 * block is re-parsed. The newline between blocks is the one react-markdown puts between top-level
 * elements, so the output is the same as rendering the whole text at once.
 */
function Markdown({ text, owner }: { text: string; owner?: string | undefined }) {
  const [latex] = useLocalPref('LaTeXParsing');
  const math = useMath(latex && hasMath(text));
  const directives = useContext(MarkdownDirectivesContext);
  // Pieces another feature draws itself (MarkdownDirectivesContext) stand between the blocks.
  const pieces = useMemo<readonly MarkdownPiece[]>(
    () => (directives ? directives(text, owner) : [{ text }]),
    [directives, text, owner],
  );
  const blocks = useMemo(
    () =>
      pieces.flatMap<{ key: string; block: string } | { key: string; node: ReactNode }>((piece, p) =>
        'text' in piece
          ? splitBlocks(math ? prepareMath(piece.text) : piece.text).map((block, i) => ({
              key: `${p}.${i}`,
              block,
            }))
          : [{ key: piece.key, node: piece.node }],
      ),
    [pieces, math],
  );
  const plugins = math ?? plain;
  return blocks.map((b, i) => (
    <Fragment key={b.key}>
      {i > 0 && '\n'}
      {'block' in b ? <MarkdownBlock text={b.block} plugins={plugins} /> : b.node}
    </Fragment>
  ));
}

export default memo(Markdown);
