import { useEffect } from 'react';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/**
 * The page's own title and meta description on client-side navigation (the server writes the same
 * into index.html for a first load: platform/html/spa-page.ts).
 */
export function usePageMeta(title: string | null, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}

/** Sets a class on <body> while the page shows (spec §2: landing-page, chat-page). */
export function useBodyClass(name: string): void {
  useEffect(() => {
    document.body.classList.add(name);
    return () => document.body.classList.remove(name);
  }, [name]);
}
