import { useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { searchTerms } from '@chat/contract';
import { queryKeys } from '../../api/keys';
import { fetchSearchEnabled, fetchSearchPage, nextSearchPage } from './api';
import { groupHits, searchConversations } from './group-hits';

/**
 * The infinite results of `query` (from page 1). One cache entry per query, shared by the search
 * view and the sidebar; disabled for an empty query.
 */
export function useSearch(query: string) {
  const q = query.trim();
  const result = useInfiniteQuery({
    queryKey: queryKeys.search.results(q),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextSearchPage,
    enabled: q !== '',
    staleTime: 15_000,
  });
  const pages = result.data?.pages;
  const groups = useMemo(() => groupHits(pages ?? []), [pages]);
  const conversations = useMemo(() => searchConversations(pages ?? []), [pages]);
  const terms = useMemo(() => searchTerms(q), [q]);
  return { ...result, groups, conversations, terms };
}

/** Whether the server offers search (GET /api/search/enable); assumed until it answers otherwise. */
export function useSearchEnabled(): boolean {
  const { data } = useQuery({
    queryKey: queryKeys.searchEnabled,
    queryFn: fetchSearchEnabled,
    staleTime: Infinity,
    retry: false,
  });
  return data !== false;
}
