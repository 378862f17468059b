import { startTransition, useEffect, useState } from 'react';
// A type only: the module itself is imported dynamically, as its own chunk.
import type Markdown from './Markdown';

type MarkdownComponent = typeof Markdown;

let loaded: MarkdownComponent | null = null;
let loading: Promise<MarkdownComponent> | null = null;

/** Loads the Markdown chunk (with its highlighter) once; a failed load is tried again next time. */
function loadMarkdown(): Promise<MarkdownComponent> {
  loading ??= import('./Markdown').then(
    (m) => (loaded = m.default),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Starts loading the Markdown chunk ahead of its first use (e.g. when a message is sent). */
export function preloadMarkdown(): void {
  loadMarkdown().catch(() => undefined);
}

/**
 * Markdown loads with its highlighter on first use; until then the text shows as is. Once it is
 * loaded, messages render it directly (no suspending, so no plain text shown first).
 */
export function LazyMarkdown({ text, owner }: { text: string; owner?: string | undefined }) {
  const [Loaded, setLoaded] = useState<MarkdownComponent | null>(() => loaded);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    loadMarkdown().then(
      (m) => {
        // A transition: many messages switching at once render in slices, not one long task.
        if (live) startTransition(() => setLoaded(() => m));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded text={text} owner={owner} /> : <p className="whitespace-pre-wrap">{text}</p>;
}
