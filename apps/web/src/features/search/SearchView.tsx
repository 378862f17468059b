import { useEffect, useRef } from 'react';
import { TIMINGS } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { Search, SearchX, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { NavToggleButton } from '../../components/NavToggleButton';
import { useNav } from '../../state/nav';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { rememberSearchQuery } from './last-query';
import { SearchResult } from './SearchResult';
import { useLoadMore } from '../../hooks/useLoadMore';
import { useSearch } from './useSearch';

/**
 * The search view (/search/:query): a header bar "Search: {query}", the matching messages grouped
 * by conversation (a title opens its conversation), paged on scroll; no input, a hint instead.
 */
export function SearchView({ query }: { query: string }) {
  const { t } = useTranslation();
  const { visible, isMobile } = useNav();
  const search = useSearch(query);
  const { groups, terms, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    search;
  const scrollRef = useRef<HTMLDivElement>(null);
  useLoadMore(scrollRef, { hasNextPage, isFetchingNextPage, fetchNextPage, size: groups.length });
  const showToggle = !visible || isMobile;
  useEffect(() => rememberSearchQuery(query), [query]);
  // The tab is named after the query once it has held TIMINGS.titleSearchDebounceMs, not after
  // each step of the query being typed (the route follows the search box as it changes).
  const titleQuery = useDebouncedValue(query, TIMINGS.titleSearchDebounceMs);
  useDocumentTitle(t('com_search_header', { query: titleQuery }));

  return (
    <div className="relative flex h-full min-w-0 flex-1 flex-col bg-surface-chat" data-testid="search-view">
      <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-1 bg-surface-chat/95 px-2 backdrop-blur sm:px-3">
        {showToggle && <NavToggleButton />}
        <h1
          data-testid="search-header"
          className="flex min-w-0 flex-1 items-center gap-2 px-2 text-base font-semibold text-text-primary"
        >
          <Search className="size-4 shrink-0 text-text-secondary" aria-hidden />
          <span className="truncate">{t('com_search_header', { query })}</span>
        </h1>
        {showToggle && (
          <Link
            to="/c/new"
            aria-label={t('com_chat_new_chat')}
            title={t('com_chat_new_chat')}
            className="inline-flex size-9 items-center justify-center rounded-lg text-text-secondary hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          >
            <SquarePen className="size-5" aria-hidden />
          </Link>
        )}
      </header>
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        data-testid="search-results"
        aria-busy={isPending || isFetchingNextPage}
      >
        <div className="mx-auto w-full max-w-3xl px-4 pb-8 pt-2 sm:px-6">
          {isPending ? (
            <div className="flex justify-center py-16 text-text-secondary" data-testid="search-loading">
              <Spinner size={28} />
            </div>
          ) : isError && groups.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-16 text-center text-sm text-text-secondary">
              <p role="alert">{t('com_search_error')}</p>
              <Button size="sm" variant="secondary" onClick={() => void refetch()}>
                {t('com_ui_retry')}
              </Button>
            </div>
          ) : groups.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-16 text-text-tertiary">
              <SearchX className="size-8" aria-hidden />
              <p className="text-base text-text-secondary" data-testid="search-nothing-found" role="status">
                {t('com_search_nothing_found')}
              </p>
            </div>
          ) : (
            <ol className="flex flex-col gap-3" aria-label={t('com_search_results')}>
              {groups.map((g) => (
                <SearchResult key={g.conversationId} group={g} terms={terms} />
              ))}
            </ol>
          )}
          {isFetchingNextPage && (
            <div className="flex justify-center py-4 text-text-tertiary">
              <Spinner size={20} />
            </div>
          )}
        </div>
      </div>
      <p
        data-testid="search-hint"
        className="mx-auto w-full max-w-3xl shrink-0 px-4 pb-4 pt-2 text-center text-sm text-text-secondary sm:px-6"
      >
        {t('com_search_hint')}
      </p>
    </div>
  );
}
