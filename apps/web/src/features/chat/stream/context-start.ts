import { useSyncExternalStore } from 'react';

/**
 * Where the model's context begins in each conversation, as the server said with its last reply
 * (the created and final events' `contextMessageId`): older messages were left out (or
 * summarized) to fit the model. Absent when the whole conversation was sent.
 */
const starts = new Map<string, string>();
const listeners = new Set<() => void>();

export function setContextStart(conversationId: string, messageId: string | undefined): void {
  if (starts.get(conversationId) === messageId) return;
  if (messageId) starts.set(conversationId, messageId);
  else starts.delete(conversationId);
  for (const l of listeners) l();
}

export function getContextStart(conversationId: string): string | undefined {
  return starts.get(conversationId);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useContextStart(conversationId: string): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => starts.get(conversationId),
    () => undefined,
  );
}

/** Test helper. */
export function resetContextStarts(): void {
  starts.clear();
  for (const l of listeners) l();
}
