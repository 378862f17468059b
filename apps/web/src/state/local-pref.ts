import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_KEYS, LOCAL_TOGGLE_DEFAULTS, type LocalToggle } from '@chat/contract';

/*
 * The settings dialog's on/off preferences, kept in localStorage as
 * "true" / "false" under their LOCAL_KEYS names. One small external store: every component reading
 * a preference re-renders when it changes, here or in another tab.
 */
const listeners = new Set<() => void>();

export function readLocalToggle(key: LocalToggle): boolean {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS[key]);
    if (raw === 'true') return true;
    if (raw === 'false') return false;
  } catch {
    // storage unavailable: the default
  }
  return LOCAL_TOGGLE_DEFAULTS[key];
}

export function writeLocalToggle(key: LocalToggle, value: boolean): void {
  try {
    localStorage.setItem(LOCAL_KEYS[key], String(value));
  } catch {
    // storage unavailable: nothing is kept
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed a preference (or cleared the storage).
  const onStorage = (e: StorageEvent) => {
    if (
      e.key === null ||
      Object.keys(LOCAL_TOGGLE_DEFAULTS).some((k) => LOCAL_KEYS[k as LocalToggle] === e.key)
    ) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** One on/off preference and its setter: `const [latex, setLatex] = useLocalPref('LaTeXParsing')`. */
export function useLocalPref(key: LocalToggle): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readLocalToggle(key),
    () => LOCAL_TOGGLE_DEFAULTS[key],
  );
  const set = useCallback((next: boolean) => writeLocalToggle(key, next), [key]);
  return [value, set];
}
