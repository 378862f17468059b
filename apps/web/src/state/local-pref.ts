import { useCallback, useSyncExternalStore } from 'react';

/** Same-tab changes (the `storage` event fires only in other tabs). */
const CHANGED = 'local-pref-change';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return typeof value === typeof fallback ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Stores a local preference (JSON, as LibreChat keeps them) and tells every reader. */
export function setLocalPref<T>(key: string, value: T): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the value lives until reload in no one's memory; nothing to do.
  }
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: key }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/**
 * A local preference of spec §9 (a key of the contract's LOCAL_KEYS): its stored value when it
 * has the default's type, else the default. Follows changes from this tab and others.
 */
export function useLocalPref<T extends string | number | boolean>(key: string, fallback: T): T {
  const get = useCallback(() => read(key, fallback), [key, fallback]);
  return useSyncExternalStore(subscribe, get, () => fallback);
}
