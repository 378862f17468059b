import { lazy, Suspense } from 'react';

const Markdown = lazy(() => import('./Markdown'));

/** Markdown loads with its highlighter on first use; until then the text shows as is. */
export function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}

/** Starts loading the Markdown chunk ahead of its first use (e.g. when a message is sent). */
export function preloadMarkdown(): void {
  void import('./Markdown');
}
