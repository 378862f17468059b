import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type Conversation,
  type ConversationTag,
  type CreateTagBody,
  type UpdateTagBody,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { invalidateFilteredConvoLists, mapCachedConvos, patchConvoInCache } from '../../api/convos-cache';
import { queryKeys } from '../../api/keys';
import { useStartupConfig } from '../../api/config';
import { getListFilterTags, setListFilterTags } from '../sidebar';

/** Bookmarks are on unless the operator's interface turns them off (absent = shown). */
export function useBookmarksShown(): boolean {
  return useStartupConfig().data?.interface?.bookmarks !== false;
}

/** The person's bookmarks in their order, each with how many conversations carry it. */
export function useTags(enabled = true) {
  return useQuery({
    queryKey: queryKeys.tags,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.tags, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * The cached list changed at once as the server answered (so the sidebar's filter, which drops
 * names the list lacks, keeps a renamed one), before it is fetched again for the counts.
 */
function editCachedTags(qc: QueryClient, fn: (tags: ConversationTag[]) => ConversationTag[]): void {
  qc.setQueryData<ConversationTag[]>(queryKeys.tags, (list) => (list ? fn(list) : list));
}

/** After any change: the counts, and which conversations a filtered sidebar list holds. */
function refreshAfterChange(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: queryKeys.tags });
  void invalidateFilteredConvoLists(qc);
}

/** A conversation's whole set of bookmarks (what the header's menu toggles). */
export function useSetConversationTags(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) =>
      callApi(API_ROUTE_PATHS.conversationTags, { params: { conversationId }, body: { tags } }),
    onSuccess: (kept) => {
      patchConvoInCache(qc, conversationId, { tags: kept });
      refreshAfterChange(qc);
    },
  });
}

/** A new bookmark; with `conversationId` and `addToConversation`, put on that conversation too. */
export function useCreateTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTagBody) => callApi(API_ROUTE_PATHS.createTag, { body }),
    onSuccess: (created, body) => {
      editCachedTags(qc, (list) => (list.some((t) => t.tag === created.tag) ? list : [...list, created]));
      if (body.addToConversation && body.conversationId) {
        const id = body.conversationId;
        const carried = qc.getQueryData<Conversation>(queryKeys.convos.one(id))?.tags ?? [];
        if (!carried.includes(created.tag)) patchConvoInCache(qc, id, { tags: [...carried, created.tag] });
      }
      refreshAfterChange(qc);
    },
  });
}

/** A bookmark renamed or described; a new name follows it onto every cached conversation. */
export function useUpdateTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ from, body }: { from: string; body: UpdateTagBody }) =>
      callApi(API_ROUTE_PATHS.updateTag, { params: { tag: from }, body }),
    onSuccess: (updated, { from }) => {
      editCachedTags(qc, (list) => list.map((t) => (t.tag === from ? updated : t)));
      if (updated.tag !== from) {
        const rename = (tags: readonly string[]) => tags.map((t) => (t === from ? updated.tag : t));
        mapCachedConvos(qc, (c) => (c.tags?.includes(from) ? { ...c, tags: rename(c.tags) } : c));
        setListFilterTags(rename(getListFilterTags()));
      }
      refreshAfterChange(qc);
    },
  });
}

/** A bookmark deleted: taken off every cached conversation and out of the sidebar's filter. */
export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => callApi(API_ROUTE_PATHS.deleteTag, { params: { tag } }),
    onSuccess: (_deleted, tag) => {
      editCachedTags(qc, (list) => list.filter((t) => t.tag !== tag));
      mapCachedConvos(qc, (c) =>
        c.tags?.includes(tag) ? { ...c, tags: c.tags.filter((t) => t !== tag) } : c,
      );
      setListFilterTags(getListFilterTags().filter((t) => t !== tag));
      refreshAfterChange(qc);
    },
  });
}
