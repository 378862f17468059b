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
