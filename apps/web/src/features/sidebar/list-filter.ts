import { useSyncExternalStore } from 'react';

/**
 * The sidebar list's filter: the bookmarks (tag names) whose conversations it shows, any of them;
 * none chosen shows them all. The sidebar reads it and a feature filling `sidebar.filters` sets
 * it, so neither imports the other. One per tab, for the whole signed-in app.
 */
let chosen: readonly string[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => chosen;

/** The bookmarks chosen now (the same array until they change). */
export function useListFilterTags(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Chooses the bookmarks to show (duplicates dropped); an empty list clears the filter. */
export function setListFilterTags(tags: readonly string[]): void {
  const next = [...new Set(tags)];
  if (next.length === chosen.length && next.every((t, i) => t === chosen[i])) return;
  chosen = next;
  for (const listener of listeners) listener();
}

export function getListFilterTags(): readonly string[] {
  return chosen;
}
