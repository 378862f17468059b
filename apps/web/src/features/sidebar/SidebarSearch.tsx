import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatch } from 'react-router';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useTranslation } from '../../hooks/useTranslation';
import { Search, X } from 'lucide-react';
import { NEW_CONVO, SEARCH_LIMITS, TIMINGS } from '@chat/contract';
import { useSearchEnabled } from '../search';
import { useShortcutAction } from '../shortcuts';
import { useNav } from '../../state/nav';
import { flushSync } from 'react-dom';

/** How many frames the search box waits for the sidebar to become focusable (its slide is 200 ms). */
const FOCUS_FRAMES = 30;

// The chat open before the search, per tab (kept across a reload of the search view).
const RETURN_KEY = 'searchReturnPath';

function readReturnPath(): string {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    if (path?.startsWith('/c/')) return path;
  } catch {
    // storage unavailable
  }
  return `/c/${NEW_CONVO}`;
}

function saveReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // storage unavailable: a new chat it is
  }
}

/**
 * Search box: debounced, it opens /search/{query}; emptied, it returns to the
 * chat that was open before the search (else a new chat).
 */
export function SidebarSearch() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const { pathname } = useLocation();
  const routeQuery = useMatch('/search/:query')?.params.query ?? '';
  const [value, setValue] = useState(routeQuery);
  const dirty = useRef(false);
  const enabled = useSearchEnabled();
  const input = useRef<HTMLInputElement>(null);
  const { setVisible } = useNav();

  // Ctrl/⌘+K: the sidebar opens (drawn at once, so the box can take the focus) and the box is focused.
  useShortcutAction('search', () => {
    const box = input.current;
    if (!box) return false;
    flushSync(() => setVisible(true));
    const focus = () => {
      box.focus();
      box.select();
      return document.activeElement === box;
    };
    // A hidden sidebar stays unfocusable until its visibility transition has begun: a few frames.
    let frames = 0;
    const retry = () => void (!focus() && ++frames < FOCUS_FRAMES && requestAnimationFrame(retry));
    if (!focus()) requestAnimationFrame(retry);
    return true;
  });

  // Remember the chat to come back to.
  useEffect(() => {
    if (!routeQuery && pathname.startsWith('/c/')) saveReturnPath(pathname);
  }, [routeQuery, pathname]);

  // Follow the route (back/forward, a link, leaving the search view) unless the person is typing.
  useEffect(() => {
    if (!dirty.current) setValue((v) => (v.trim() === routeQuery.trim() ? v : routeQuery));
  }, [routeQuery]);

  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => {
      dirty.current = false;
      const q = value.trim();
      if (q === routeQuery.trim()) return;
      if (q) navigate(`/search/${encodeURIComponent(q)}`, { replace: routeQuery !== '' });
      else if (routeQuery) navigate(readReturnPath(), { replace: true });
    }, TIMINGS.sidebarSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [value, navigate, routeQuery]);

  const change = (next: string) => {
    dirty.current = true;
    setValue(next);
  };

  if (!enabled) return null;

  return (
    <div className="relative px-2" role="search">
      <Search
        className="pointer-events-none absolute start-5 top-1/2 size-4 -translate-y-1/2 text-text-tertiary"
        aria-hidden
      />
      <input
        ref={input}
        type="search"
        data-testid="sidebar-search"
        aria-label={t('com_nav_search_label')}
        placeholder={t('com_nav_search_placeholder')}
        value={value}
        maxLength={SEARCH_LIMITS.queryMaxChars}
        onChange={(e) => change(e.target.value)}
        // The search view's chunk (app/routes/ChatRoute), fetched while the person types.
        onFocus={() => void import('../search/SearchView').catch(() => undefined)}
        onKeyDown={(e) => e.key === 'Escape' && value && change('')}
        className="h-9 w-full rounded-lg border border-transparent bg-surface-tertiary ps-9 pe-8 text-sm text-text-primary placeholder:text-text-tertiary focus:border-border-medium focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          data-testid="sidebar-search-clear"
          aria-label={t('com_nav_clear_search')}
          onClick={() => change('')}
          className="absolute end-4 top-1/2 flex size-6 -translate-y-1/2 items-center justify-center rounded text-text-tertiary hover:text-text-primary"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
}
