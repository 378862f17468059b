import { useEffect } from 'react';
import { useStartupConfig } from '../api/config';

/** The title index.html ships with: the app's name until the startup config names it. */
const SHIPPED_TITLE = typeof document === 'undefined' ? '' : document.title;

/** "<conversation title> · <app title>", or the app title alone. */
export function documentTitle(appTitle: string, title: string | null | undefined): string {
  const own = title?.trim();
  return own ? `${own} · ${appTitle}` : appTitle;
}

/**
 * Names the browser tab after what the view shows (the open conversation's title); the app title
 * when there is nothing to name, and again once the view is gone.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { data } = useStartupConfig();
  const appTitle = data?.appTitle || SHIPPED_TITLE;
  useEffect(() => {
    document.title = documentTitle(appTitle, title);
    return () => {
      document.title = appTitle;
    };
  }, [appTitle, title]);
}
