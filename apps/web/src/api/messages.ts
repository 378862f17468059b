import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  NEW_CONVO,
  SEARCH_CONVO,
  UI_LIMITS,
  VALIDATION_TEXTS,
  type Conversation,
  type Message,
} from '@chat/contract';
import { callApi } from './call';
import { onSessionChange } from './http';
import { queryKeys } from './keys';

/** The whole saved list, read outside the cache (which a running reply's stream may be writing). */
export function fetchMessages(conversationId: string): Promise<Message[]> {
  return callApi(API_ROUTE_PATHS.messages, { params: { conversationId }, query: {} });
}

/** The newest branch's last UI_LIMITS.messagesFirstLoad messages, oldest first. */
function fetchMessagesTail(conversationId: string): Promise<Message[]> {
  return callApi(API_ROUTE_PATHS.messages, {
    params: { conversationId },
    query: { limit: UI_LIMITS.messagesFirstLoad },
  });
}

/** The opening conversation's tail, asked for by the shell before the chat screen is there. */
let early: { conversationId: string; tail: Promise<Message[]> } | null = null;

/**
 * For the shell, when the page opens on a saved conversation: its tail is asked for as soon as the
 * session refresh gives a token, not once the app has rendered down to the chat screen.
 */
export function prefetchOpeningTail(conversationId: string): void {
  const stop = onSessionChange((session) => {
    stop();
    if (!session) return;
    const tail = fetchMessagesTail(conversationId);
    tail.catch(() => undefined); // the chat screen's query reports it
    early = { conversationId, tail };
  });
}

/** The tail of a conversation: the shell's early request when it is this one's (used once). */
export function openingTail(conversationId: string): Promise<Message[]> {
  if (early?.conversationId !== conversationId) return fetchMessagesTail(conversationId);
  const { tail } = early;
  early = null;
  return tail;
}

function fetchConversation(conversationId: string): Promise<Conversation> {
  return callApi(API_ROUTE_PATHS.convo, { params: { id: conversationId } });
}

/**
 * PUT /api/messages/:conversationId/:messageId — saves an edited text (isEdited true). A message of
 * no saved conversation (none, or the new and search placeholders) is refused before any request.
 */
export function updateMessageText(conversationId: string, messageId: string, text: string): Promise<Message> {
  if (!conversationId || conversationId === NEW_CONVO || conversationId === SEARCH_CONVO) {
    return Promise.reject(new Error(VALIDATION_TEXTS.com_error_conversation_id_required));
  }
  return callApi(API_ROUTE_PATHS.editMessage, { params: { conversationId, messageId }, body: { text } });
}

export function generateTitle(conversationId: string): Promise<{ title: string }> {
  return callApi(API_ROUTE_PATHS.genTitle, { body: { conversationId } });
}

/**
 * The flat message list of a conversation. 'new' is never fetched: its (optimistic) messages
 * only live in the cache. `paused` keeps a stream's live cache from being overwritten by a refetch.
 */
export function useMessages(conversationId: string, paused = false) {
  return useQuery({
    queryKey: queryKeys.messages(conversationId),
    queryFn: () => fetchMessages(conversationId),
    enabled: conversationId !== NEW_CONVO && !paused,
    staleTime: 30_000,
  });
}

export interface ShownMessages {
  /** The full list once loaded, before it the newest branch's tail; undefined while neither is. */
  data: Message[] | undefined;
  /** The full list is loaded and not being fetched again (what joining a running reply waits for). */
  settled: boolean;
}

/**
 * The messages of a chat screen. A conversation not in the cache opens with its newest branch's
 * last messages (one small query: what the screen shows first), and the whole tree is asked for
 * once they are shown; it then replaces them (sibling counts, older messages). Export and every
 * cache update use the full list (`useMessages`, `updateMessagesCache`).
 */
export function useShownMessages(conversationId: string, paused = false): ShownMessages {
  const qc = useQueryClient();
  const cached = qc.getQueryData<Message[]>(queryKeys.messages(conversationId)) !== undefined;
  const tail = useQuery({
    queryKey: queryKeys.messagesTail(conversationId),
    queryFn: () => openingTail(conversationId),
    enabled: conversationId !== NEW_CONVO && !paused && !cached,
    staleTime: 30_000,
  });
  // The full list once the tail is on screen and the page is idle (its Markdown rendered): not
  // beside the tail, nor in the middle of its first paint (they would share the server and the
  // main thread).
  const tailShown = useIdleAfter(!tail.isPending, conversationId);
  const full = useQuery({
    queryKey: queryKeys.messages(conversationId),
    queryFn: () => fetchMessages(conversationId),
    enabled: conversationId !== NEW_CONVO && !paused && (cached || tailShown),
    staleTime: 30_000,
  });
  return {
    data: full.data ?? tail.data,
    settled: full.isSuccess && !full.isFetching,
  };
}

/** True from the first idle moment after `ready` turned true (for this key), at most 1 s later. */
function useIdleAfter(ready: boolean, key: string): boolean {
  const [idleFor, setIdleFor] = useState<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const done = () => setIdleFor(key);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: 1000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(done, 0);
    return () => clearTimeout(handle);
  }, [ready, key]);
  return ready && idleFor === key;
}

export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: queryKeys.convos.one(conversationId),
    queryFn: () => fetchConversation(conversationId),
    enabled: conversationId !== NEW_CONVO,
    staleTime: 30_000,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

/** Replaces the cached list of one conversation through `fn` (a pure update). */
export function updateMessagesCache(
  qc: QueryClient,
  conversationId: string,
  fn: (messages: Message[]) => Message[],
): void {
  // Before the full list is there, a change builds on the tail on screen (the full list, fetched
  // again when the change is saved, replaces both).
  qc.setQueryData<Message[]>(queryKeys.messages(conversationId), (old) =>
    fn(old ?? qc.getQueryData<Message[]>(queryKeys.messagesTail(conversationId)) ?? []),
  );
}
