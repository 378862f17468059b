import { useSyncExternalStore } from 'react';
import { IDLE, reduce, type StreamAction, type StreamState } from './machine';

/**
 * Module-level store of reply streams, one per conversation key ('new' until the server names
 * the conversation, then its id). It outlives the chat view, so a navigation (or the /c/new →
 * /c/<id> switch) neither loses nor aborts a running stream.
 */
const states = new Map<string, StreamState>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function getStreamState(key: string): StreamState {
  return states.get(key) ?? IDLE;
}

export function dispatchStream(key: string, action: StreamAction): StreamState {
  const prev = getStreamState(key);
  const next = reduce(prev, action);
  if (next !== prev) {
    if (next === IDLE) states.delete(key);
    else states.set(key, next);
    emit();
  }
  return next;
}

/** Moves a stream to a new key (the 'new' conversation got its id: adoptConversationId). */
export function rekeyStream(from: string, to: string): void {
  const state = states.get(from);
  if (!state || from === to) return;
  states.delete(from);
  states.set(to, state);
  emit();
}

function subscribeStreams(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStreamState(key: string): StreamState {
  return useSyncExternalStore(
    subscribeStreams,
    () => getStreamState(key),
    () => IDLE,
  );
}

/** Test helper. */
export function resetStreams(): void {
  states.clear();
  emit();
}
