import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Conversation } from '@chat/contract';
import { fetchConvosPage, nextConvosPage } from '../../api/convos';
import { queryKeys } from '../../api/keys';
import { useListFilterTags } from './list-filter';

/**
 * The sidebar's infinite conversation list (pages of GET /api/convos, from page 1): those carrying
 * any of the bookmarks chosen in the list filter, or all of them.
 */
export function useConvos() {
  const tags = useListFilterTags();
  const query = useInfiniteQuery({
    queryKey: queryKeys.convos.list(tags),
    queryFn: ({ pageParam, signal }) => fetchConvosPage(pageParam, signal, tags),
    initialPageParam: 1,
    getNextPageParam: nextConvosPage,
  });
  const conversations = useMemo(() => {
    const seen = new Set<string>();
    const out: Conversation[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const c of page.conversations) {
        // A conversation moved to the top can show up again on a later page: keep the first.
        if (seen.has(c.conversationId)) continue;
        seen.add(c.conversationId);
        out.push(c);
      }
    }
    return out;
  }, [query.data]);
  return { ...query, conversations };
}
