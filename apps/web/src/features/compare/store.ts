import { useSyncExternalStore } from 'react';
import type { Message } from '@chat/contract';

/** The second model the next sends also ask (LibreChat's added conversation), or none. */
export interface AddedModel {
  endpoint: string;
  model: string;
}

/** One compared send: the user message both replies answer, and the second model's reply. */
export interface CompareTurn {
  conversationId: string;
  userMessageId: string;
  /** The second model asked (its label before its reply comes). */
  endpoint: string;
  model: string;
  /** The second reply's id, once the server named it. */
  addedId: string | null;
  /** The second reply as streamed so far (or saved); null until it starts. */
  reply: Message | null;
  /** Why the second model could not answer (a refusal, or its stream's error). */
  error: { code: string; message: string } | null;
  streaming: boolean;
  /**
   * Found after a reload: whether a second reply runs is not known until the server answers (shown
   * only once it names one).
   */
  probe?: boolean;
}

let added: AddedModel | null = null;
const turns = new Map<string, CompareTurn>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAdded(): AddedModel | null {
  return added;
}

export function setAdded(next: AddedModel | null): void {
  added = next;
  emit();
}

export function useAdded(): AddedModel | null {
  return useSyncExternalStore(subscribe, getAdded, getAdded);
}

/** The compared turn answering that user message, if this tab saw one. */
export function getTurn(userMessageId: string): CompareTurn | undefined {
  return turns.get(userMessageId);
}

export function setTurn(turn: CompareTurn): void {
  turns.set(turn.userMessageId, turn);
  emit();
}

export function patchTurn(userMessageId: string, patch: Partial<CompareTurn>): void {
  const turn = turns.get(userMessageId);
  if (!turn) return;
  turns.set(userMessageId, { ...turn, ...patch });
  emit();
}

export function removeTurn(userMessageId: string): void {
  if (turns.delete(userMessageId)) emit();
}

export function useTurn(userMessageId: string): CompareTurn | undefined {
  return useSyncExternalStore(
    subscribe,
    () => turns.get(userMessageId),
    () => undefined,
  );
}

/** Test helper. */
export function resetCompare(): void {
  added = null;
  turns.clear();
  emit();
}
