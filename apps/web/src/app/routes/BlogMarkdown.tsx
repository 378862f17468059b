import { lazy, Suspense } from 'react';

// The chat's Markdown chunk (sanitised: no raw HTML, safe links, highlighted code), imported here
// rather than through the chat feature, so the blog's chunks share nothing else of the chat's.
const Markdown = lazy(() => import('../../features/markdown/Markdown'));

/** A blog post's Markdown, as /blog/:slug and the editor's preview show it. */
export function BlogMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}
