import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_KEYS, UI_LIMITS } from '@chat/contract';

/*
 * Sidebar visibility, shared through a tiny external store (no provider needed, so the chat
 * header can render <NavToggleButton/> from components/ anywhere). Persisted in localStorage
 * `navVisible`. On small screens the sidebar is a drawer that starts closed.
 */
const MOBILE_QUERY = `(max-width: ${UI_LIMITS.mobileBreakpointPx}px)`;
const listeners = new Set<() => void>();

function matchesMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY).matches
    : false;
}

function readStoredVisible(): boolean {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.navVisible);
    return raw === null ? true : raw !== 'false';
  } catch {
    return true;
  }
}

let isMobileState = matchesMobile();
let visibleState = isMobileState ? false : readStoredVisible();

function emit(): void {
  for (const l of listeners) l();
}

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  const mq = window.matchMedia(MOBILE_QUERY);
  mq.addEventListener?.('change', (e) => {
    isMobileState = e.matches;
    // Entering mobile closes the drawer; going back to desktop restores the stored choice.
    visibleState = e.matches ? false : readStoredVisible();
    emit();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setNavVisible(visible: boolean): void {
  if (visible === visibleState) return;
  visibleState = visible;
  // The drawer's open state on mobile is transient; only the desktop choice is remembered.
  if (!isMobileState) {
    try {
      localStorage.setItem(LOCAL_KEYS.navVisible, String(visible));
    } catch {
      // storage unavailable: keep the in-memory state
    }
  }
  emit();
}

export interface NavState {
  visible: boolean;
  setVisible: (visible: boolean) => void;
  toggle: () => void;
  isMobile: boolean;
}

export function useNav(): NavState {
  const visible = useSyncExternalStore(
    subscribe,
    () => visibleState,
    () => true,
  );
  const isMobile = useSyncExternalStore(
    subscribe,
    () => isMobileState,
    () => false,
  );
  const toggle = useCallback(() => setNavVisible(!visibleState), []);
  return { visible, setVisible: setNavVisible, toggle, isMobile };
}
