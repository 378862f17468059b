import { useSyncExternalStore } from 'react';

/**
 * Whether the next new conversation is a temporary chat: one switch for the whole app, as
 * LibreChat keeps it, off until the person turns it on and off again once they leave the new
 * chat (each new chat starts as a kept one).
 */
let on = false;
const listeners = new Set<() => void>();

export function setTemporary(next: boolean): void {
  if (next === on) return;
  on = next;
  for (const l of [...listeners]) l();
}

export function isTemporary(): boolean {
  return on;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTemporary(): boolean {
  return useSyncExternalStore(subscribe, isTemporary, isTemporary);
}
