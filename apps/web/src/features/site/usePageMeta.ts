import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useStartupConfig } from '../../api/config';
import { documentTitle, useDocumentTitle } from '../../hooks/useDocumentTitle';

/** What a page adds to its title and description for link previews (a post: article, image). */
export interface PageMetaExtra {
  /** og:title when not the page's tab title (a post's is its own title alone). */
  ogTitle?: string;
  ogType?: 'website' | 'article';
  image?: string | null;
}

/** The path the server wrote the head for: its structured data is about that page only. */
const FIRST_PATH = typeof location === 'undefined' ? '' : location.pathname;

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const made = create();
  document.head.append(made);
  return made;
}

function setOpenGraph(key: string, content: string | null): void {
  const selector = `meta[property="og:${key}"]`;
  if (content === null) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  upsert(selector, () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', `og:${key}`);
    return meta;
  }).content = content;
}

/**
 * The page's own title, description, canonical link and Open Graph tags on client-side
 * navigation. The server writes them for a first load (platform/html/spa-page.ts and the blog's
 * heads); without this a post opened from another page kept the first page's link preview.
 */
export function usePageMeta(title: string | null, description: string, extra: PageMetaExtra = {}): void {
  useDocumentTitle(title);
  const { pathname } = useLocation();
  const appTitle = useStartupConfig().data?.appTitle;
  const { ogTitle, ogType = 'website', image = null } = extra;
  useEffect(() => {
    upsert('meta[name="description"]', () => {
      const meta = document.createElement('meta');
      meta.name = 'description';
      return meta;
    }).content = description;
    const url = `${location.origin}${pathname}`;
    upsert('link[rel="canonical"]', () => {
      const link = document.createElement('link');
      link.rel = 'canonical';
      return link;
    }).href = url;
    setOpenGraph('type', ogType);
    setOpenGraph('title', ogTitle ?? (appTitle ? documentTitle(appTitle, title) : document.title));
    setOpenGraph('description', description);
    setOpenGraph('url', url);
    setOpenGraph('image', image ? new URL(image, location.origin).href : null);
    // Another page's structured data would describe the wrong page.
    if (pathname !== FIRST_PATH) {
      document.head.querySelectorAll('script[type="application/ld+json"]').forEach((s) => s.remove());
    }
  }, [pathname, title, description, appTitle, ogTitle, ogType, image]);
}
