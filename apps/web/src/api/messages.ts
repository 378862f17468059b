import { useQuery, type QueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, NEW_CONVO, type Conversation, type Message } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

export function fetchMessages(conversationId: string): Promise<Message[]> {
  return callApi(API_ROUTE_PATHS.messages, { params: { conversationId } });
}

export function fetchConversation(conversationId: string): Promise<Conversation> {
  return callApi(API_ROUTE_PATHS.convo, { params: { id: conversationId } });
}

/** PUT /api/messages/:conversationId/:messageId — saves an edited text (isEdited true). */
export function updateMessageText(conversationId: string, messageId: string, text: string): Promise<Message> {
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
  qc.setQueryData<Message[]>(queryKeys.messages(conversationId), (old) => fn(old ?? []));
}
