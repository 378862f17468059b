import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '@chat/contract';
import { updateMessagesCache } from '../../../api/messages';
import { upsertConvoInCache } from '../../../api/convos-cache';
import { patchMessage, upsertMessage } from './messages';
import type { SubmitPlan } from './plan';

/** A running stream's private data (what the UI does not render). */
export interface Session {
  key: string;
  plan: SubmitPlan;
  endpoint: string;
  controller: AbortController;
  /** The target message's text so far (base text + deltas). */
  text: string;
  /** Cancels the scheduled text flush, if one is pending. */
  frame: (() => void) | null;
  /** A stop asked before the conversation id was known: run with the id once `created` gives it. */
  pendingStop: ((conversationId: string) => void) | null;
  /** The stream ended by a stop: its end is not a failure. */
  stopped: boolean;
}

export const sessions = new Map<string, Session>();

/** Runs `cb` on the next animation frame (a timer when the tab is hidden); returns a cancel. */
function onNextFrame(cb: () => void): () => void {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
    const id = requestAnimationFrame(cb);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(cb, 16);
  return () => clearTimeout(id);
}

export function cancelFlush(s: Session): void {
  s.frame?.();
  s.frame = null;
}

export function setMessages(qc: QueryClient, key: string, fn: (list: Message[]) => Message[]): void {
  updateMessagesCache(qc, key, fn);
}

/** Writes the text so far into the target message (re-adding the placeholder if a refetch dropped it). */
export function flushText(qc: QueryClient, s: Session): void {
  cancelFlush(s);
  const target = s.plan.targetMessageId;
  setMessages(qc, s.key, (list) => {
    if (list.some((m) => m.messageId === target)) return patchMessage(list, target, { text: s.text });
    const draft = s.plan.optimistic.find((m) => m.messageId === target);
    return draft ? upsertMessage(list, { ...draft, conversationId: s.key, text: s.text }) : list;
  });
}

export function scheduleFlush(qc: QueryClient, s: Session): void {
  if (s.frame === null) s.frame = onNextFrame(() => flushText(qc, s));
}

/** Applies the saved messages of a final, error or abort answer. */
export function applySaved(
  qc: QueryClient,
  s: Session,
  saved: { requestMessage?: Message | null; responseMessage?: Message; conversation?: Conversation },
): void {
  cancelFlush(s);
  setMessages(qc, s.key, (list) => {
    let next = list;
    if (saved.requestMessage) next = upsertMessage(next, saved.requestMessage, s.plan.requestMessageId);
    if (saved.responseMessage) next = upsertMessage(next, saved.responseMessage, s.plan.targetMessageId);
    return next;
  });
  if (saved.conversation) upsertConvoInCache(qc, saved.conversation);
}
