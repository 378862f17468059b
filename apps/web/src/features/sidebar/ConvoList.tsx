import { useMemo, useRef } from 'react';
import { useMatch } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';
import { Spinner } from '../../components/ui/Spinner';
import { Button } from '../../components/ui/Button';
import { useLoadMore } from '../../hooks/useLoadMore';
import { useSearch } from '../search';
import { ConvoItem } from './ConvoItem';
import { groupConvos } from './group-convos';
import { useListFilterTags } from './list-filter';
import { useConvos } from './useConvos';

/**
 * The grouped, infinitely paged conversation list; while a search is shown (/search/:query), the
 * conversations that matched it (a non-empty search query means search mode).
 */
export function ConvoList() {
  const { t, i18n } = useTranslation();
  const searchQuery = useMatch('/search/:query')?.params.query?.trim() ?? '';
  const all = useConvos();
  const matched = useSearch(searchQuery);
  const searching = searchQuery !== '';
  const filtered = useListFilterTags().length > 0;
  const { conversations, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    searching ? matched : all;
  const chatMatch = useMatch('/c/:conversationId');
  const assistantMatch = useMatch('/a/:conversationId');
  const activeId = (chatMatch ?? assistantMatch)?.params.conversationId;
  const scrollRef = useRef<HTMLDivElement>(null);

  const groups = useMemo(
    () => groupConvos(conversations, new Date(), i18n.language),
    [conversations, i18n.language],
  );

  useLoadMore(scrollRef, { hasNextPage, isFetchingNextPage, fetchNextPage, size: conversations.length });

  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-y-auto px-2 pb-2"
      data-testid="convo-list"
      data-mode={searching ? 'search' : filtered ? 'filtered' : 'all'}
    >
      {isPending ? (
        <div className="flex justify-center py-6 text-text-tertiary">
          <Spinner />
        </div>
      ) : isError && conversations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-3 py-6 text-center text-sm text-text-secondary">
          <p>{t('com_nav_load_error')}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            {t('com_ui_retry')}
          </Button>
        </div>
      ) : conversations.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-text-tertiary">
          {searching
            ? t('com_search_no_conversations')
            : filtered
              ? t('com_nav_no_filtered_conversations')
              : t('com_nav_no_conversations')}
        </p>
      ) : (
        groups.map((group) => (
          <section key={group.id} aria-labelledby={`convo-group-${group.id}`} className="mt-4 first:mt-1">
            <h3
              id={`convo-group-${group.id}`}
              className="sticky top-0 z-10 bg-surface-secondary px-2.5 pb-1.5 pt-2 text-xs font-medium text-text-tertiary"
            >
              {group.i18nKey ? t(group.i18nKey) : group.label}
            </h3>
            <ol className="flex flex-col gap-px">
              {group.items.map((c) => (
                <ConvoItem key={c.conversationId} convo={c} active={c.conversationId === activeId} />
              ))}
            </ol>
          </section>
        ))
      )}
      {isFetchingNextPage && (
        <div className="flex justify-center py-3 text-text-tertiary">
          <Spinner size={16} />
        </div>
      )}
    </div>
  );
}
