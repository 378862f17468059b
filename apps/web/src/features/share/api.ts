import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from '../../api/call';

/** The caller's link of one conversation (GET /api/share/link/:conversationId). */
const linkKey = (conversationId: string) => ['share', 'link', conversationId] as const;
/** The caller's links (GET /api/share), page after page. */
const listKey = ['share', 'list'] as const;
type LinkState = { shareId: string | null };

/** A shared snapshot as a reader sees it (GET /api/share/:shareId, with the reader's session). */
export function useSharedSnapshot(shareId: string) {
  return useQuery({
    queryKey: ['share', 'snapshot', shareId] as const,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.sharedSnapshot, { params: { shareId }, signal }),
    // A missing link stays missing: asking again only delays the message.
    retry: false,
  });
}

export function useShareLink(conversationId: string) {
  return useQuery({
    queryKey: linkKey(conversationId),
    queryFn: async (): Promise<LinkState> => {
      const found = await callApi(API_ROUTE_PATHS.sharedLinkOfConversation, { params: { conversationId } });
      return { shareId: found.shareId };
    },
  });
}

/**
 * Create (the branch on screen when the chat view published one), update the snapshot, delete:
 * each keeps the cached link of the conversation as the server answered.
 */
export function useShareActions(conversationId: string) {
  const qc = useQueryClient();
  const set = (state: LinkState) => {
    qc.setQueryData(linkKey(conversationId), state);
    void qc.invalidateQueries({ queryKey: listKey });
  };
  const create = useMutation({
    mutationFn: (targetMessageId: string | undefined) =>
      callApi(API_ROUTE_PATHS.createSharedLink, {
        params: { conversationId },
        body: targetMessageId ? { targetMessageId } : {},
      }),
    onSuccess: (link) => set({ shareId: link.shareId }),
  });
  const update = useMutation({
    mutationFn: (shareId: string) => callApi(API_ROUTE_PATHS.updateSharedLink, { params: { shareId } }),
  });
  const remove = useMutation({
    mutationFn: (shareId: string) => callApi(API_ROUTE_PATHS.deleteSharedLink, { params: { shareId } }),
    onSuccess: () => set({ shareId: null }),
  });
  return { create, update, remove };
}

/** The caller's shared links, newest first (Settings → General). */
export function useSharedLinks() {
  return useInfiniteQuery({
    queryKey: listKey,
    queryFn: ({ pageParam, signal }) =>
      callApi(API_ROUTE_PATHS.sharedLinks, {
        query: pageParam === null ? {} : { cursor: pageParam },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasNextPage ? page.nextCursor : null),
  });
}

/** Deletes a link from the list; the list and that conversation's cached link follow. */
export function useDeleteSharedLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: { shareId: string; conversationId: string }) =>
      callApi(API_ROUTE_PATHS.deleteSharedLink, { params: { shareId: link.shareId } }),
    onSuccess: (_reply, link) => {
      qc.setQueryData(linkKey(link.conversationId), { shareId: null });
      void qc.invalidateQueries({ queryKey: listKey });
    },
  });
}
