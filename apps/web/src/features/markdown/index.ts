/** What other features may use of the Markdown renderer. */
// The renderer itself is its own chunk, loaded on first use (or ahead of it with preloadMarkdown).
export { LazyMarkdown, preloadMarkdown } from './LazyMarkdown';
export { copyText, useCopy } from './useCopy';
export { MarkdownDirectivesContext, type MarkdownDirectives } from './directives';
