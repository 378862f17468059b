import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type ConversationFeedback, type MessageFeedback } from '@chat/contract';
import { callApi } from '../../api/call';

/** The caller's ratings of one conversation (GET /api/messages/:conversationId/feedback). */
const feedbackKey = (conversationId: string) => ['feedback', conversationId] as const;

/**
 * The conversation's ratings, fetched once when its first reply shows: only this person changes
 * them, and each change is written into the cache, so there is nothing to refetch.
 */
export function useConversationFeedback(conversationId: string) {
  return useQuery({
    queryKey: feedbackKey(conversationId),
    queryFn: ({ signal }) =>
      callApi(API_ROUTE_PATHS.conversationFeedback, { params: { conversationId }, signal }),
    staleTime: Infinity,
  });
}

/** Rates a reply (null clears); the cached ratings take the server's answer. */
export function useRateMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: string; feedback: MessageFeedback | null }) =>
      callApi(API_ROUTE_PATHS.updateMessageFeedback, {
        params: { conversationId, messageId: input.messageId },
        body: { feedback: input.feedback },
      }),
    onSuccess: (reply) => {
      qc.setQueryData<ConversationFeedback>(feedbackKey(conversationId), (old = {}) => {
        const others = Object.entries(old).filter(([id]) => id !== reply.messageId);
        return Object.fromEntries(reply.feedback ? [...others, [reply.messageId, reply.feedback]] : others);
      });
    },
  });
}
