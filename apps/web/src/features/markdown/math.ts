/**
 * The LaTeX chunk: remark-math finds `$…$` and `$$…$$`, rehype-katex typesets them. Loaded only
 * when a message holds math and LaTeX parsing is on (with KaTeX's stylesheet and fonts).
 */
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import 'katex/dist/katex.min.css';

export { remarkMath };

/**
 * KaTeX's own safety: `trust` stays off (no \href, \url or \html… commands), errors show in place
 * instead of throwing, and its strict-mode warnings stay out of the console.
 */
export const katexOptions = { throwOnError: false, strict: 'ignore', trust: false } as const;
export { rehypeKatex };
