import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_TITLE, NEW_CONVO, type Conversation, type Message } from '@chat/contract';
import { queryKeys } from '../../../api/keys';
import { upsertConvoInCache } from '../../../api/convos-cache';
import { withConversationId } from './messages';
import { sessions, type Session } from './session';
import { rekeyStream } from './store';

/** A new conversation got its id: what was kept under `from` ('new') is kept under `to`. */
export interface Adoption {
  from: string;
  to: string;
}

const listeners = new Set<(adoption: Adoption) => void>();

/** Calls `listener` after each adoption; returns the unsubscribe. */
export function onAdoption(listener: (adoption: Adoption) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function provisionalConvo(id: string, endpoint: string, model: string | null): Conversation {
  const now = new Date().toISOString();
  return {
    conversationId: id,
    title: DEFAULT_TITLE,
    user: '',
    endpoint,
    model,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The one place a new conversation takes the id the server's `created` event gave it. Everything
 * kept under 'new' moves to the id at once: the messages in the query cache (each now carrying
 * the id), the running session (its key too), the stream store's state, and a provisional
 * conversation ("New Chat", for the sidebar and the chat view until the saved one arrives). Then
 * the listeners hear of it (the chat view on /c/new follows to /c/<id>). A session that already
 * has its id is left alone: returns false.
 */
export function adoptConversationId(
  qc: QueryClient,
  s: Session,
  created: { conversationId: string; model: string | null },
): boolean {
  const from = s.key;
  const to = created.conversationId;
  if (from !== NEW_CONVO || to === NEW_CONVO) return false;

  const moved = withConversationId(qc.getQueryData<Message[]>(queryKeys.messages(from)) ?? [], to);
  qc.setQueryData(queryKeys.messages(to), moved);
  qc.removeQueries({ queryKey: queryKeys.messages(from), exact: true });
  if (sessions.get(from) === s) sessions.delete(from);
  sessions.set(to, s);
  s.key = to;
  rekeyStream(from, to);
  if (!qc.getQueryData(queryKeys.convos.one(to)))
    upsertConvoInCache(qc, { ...provisionalConvo(to, s.endpoint, created.model), ...s.plan.newConversation });

  for (const listener of [...listeners]) listener({ from, to });
  return true;
}
