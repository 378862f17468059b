import { useCallback, useSyncExternalStore } from 'react';
import { LOCAL_KEYS } from '@chat/contract';

/*
 * The endpoints the person hid from the endpoint menu, kept in localStorage (a JSON list of names)
 * so the choice outlasts the visit; every menu re-renders when it changes, here or in another tab.
 */
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = Object.freeze([]);
/** The last list read, kept while its stored text is the same (useSyncExternalStore needs a stable value). */
let cache: { raw: string | null; names: readonly string[] } = { raw: null, names: EMPTY };

function readHiddenEndpoints(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(LOCAL_KEYS.hiddenEndpoints);
  } catch {
    // storage unavailable: nothing hidden
  }
  if (raw === cache.raw) return cache.names;
  let names: readonly string[] = EMPTY;
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(value)) names = value.filter((v): v is string => typeof v === 'string');
  } catch {
    // not a list: nothing hidden
  }
  cache = { raw, names };
  return names;
}

function setEndpointHidden(name: string, hidden: boolean): void {
  const current = readHiddenEndpoints().filter((n) => n !== name);
  const next = hidden ? [...current, name] : current;
  try {
    localStorage.setItem(LOCAL_KEYS.hiddenEndpoints, JSON.stringify(next));
  } catch {
    // storage unavailable: the choice lasts only as long as nothing re-reads it
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === LOCAL_KEYS.hiddenEndpoints) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The hidden endpoints' names and the setter: `const [hidden, setHidden] = useHiddenEndpoints()`. */
export function useHiddenEndpoints(): [readonly string[], (name: string, hidden: boolean) => void] {
  const names = useSyncExternalStore(subscribe, readHiddenEndpoints, () => EMPTY);
  const set = useCallback((name: string, hidden: boolean) => setEndpointHidden(name, hidden), []);
  return [names, set];
}
