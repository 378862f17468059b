import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { Conversation, ConvosPage } from '@chat/contract';
import { queryKeys } from './keys';

type ConvoPages = InfiniteData<ConvosPage, number>;

const mapData =
  (fn: (convos: Conversation[], pageIndex: number) => Conversation[]) =>
  (data: ConvoPages | undefined): ConvoPages | undefined =>
    data
      ? { ...data, pages: data.pages.map((p, i) => ({ ...p, conversations: fn(p.conversations, i) })) }
      : data;

/** A sidebar list narrowed by the bookmark filter (its key names the chosen tags). */
const isFilteredList = (query: Query): boolean => {
  const [root, kind, filter] = query.queryKey;
  return root === queryKeys.convos.all[0] && kind === 'list' && filter !== undefined;
};

/** Applies `fn` to the conversations of every cached page of the unfiltered sidebar list. */
function mapPages(qc: QueryClient, fn: (convos: Conversation[], pageIndex: number) => Conversation[]): void {
  qc.setQueryData<ConvoPages>(queryKeys.convos.list(), mapData(fn));
}

/** The same for every list, the bookmark-filtered ones included. */
function mapAllPages(
  qc: QueryClient,
  fn: (convos: Conversation[], pageIndex: number) => Conversation[],
): void {
  qc.setQueriesData<ConvoPages>({ queryKey: queryKeys.convos.list() }, mapData(fn));
}

/**
 * A new or updated conversation moves to the top of the first page; a temporary one is cached
 * alone. A filtered list only has
 * the one it shows replaced: whether a new one carries the chosen bookmarks is the server's to say.
 */
export function upsertConvoInCache(qc: QueryClient, convo: Conversation): void {
  qc.setQueryData(queryKeys.convos.one(convo.conversationId), convo);
  // A temporary chat (it has an end) is never in the server's lists: nor in their copies here.
  if (convo.expiredAt) return;
  mapPages(qc, (convos, i) => {
    const rest = convos.filter((c) => c.conversationId !== convo.conversationId);
    return i === 0 ? [convo, ...rest] : rest;
  });
  qc.setQueriesData<ConvoPages>(
    { predicate: isFilteredList },
    mapData((convos) => convos.map((c) => (c.conversationId === convo.conversationId ? convo : c))),
  );
}

/** Changes fields of a cached conversation in place (e.g. a new title), without moving it. */
export function patchConvoInCache(
  qc: QueryClient,
  conversationId: string,
  patch: Partial<Conversation>,
): void {
  qc.setQueryData<Conversation>(queryKeys.convos.one(conversationId), (c) => (c ? { ...c, ...patch } : c));
  mapAllPages(qc, (convos) =>
    convos.map((c) => (c.conversationId === conversationId ? { ...c, ...patch } : c)),
  );
}

/**
 * Rewrites every cached conversation through `fn` (each one alone and in every list), for a
 * change that reaches many at once such as a bookmark renamed or deleted.
 */
export function mapCachedConvos(qc: QueryClient, fn: (convo: Conversation) => Conversation): void {
  qc.setQueriesData<Conversation>({ queryKey: [...queryKeys.convos.all, 'one'] }, (c) => (c ? fn(c) : c));
  mapAllPages(qc, (convos) => convos.map(fn));
}

/** Fetches the bookmark-filtered lists again (which conversations they hold has changed). */
export function invalidateFilteredConvoLists(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ predicate: isFilteredList });
}

export function removeConvoFromCache(qc: QueryClient, conversationId: string): void {
  qc.removeQueries({ queryKey: queryKeys.convos.one(conversationId) });
  qc.removeQueries({ queryKey: queryKeys.messages(conversationId) });
  mapAllPages(qc, (convos) => convos.filter((c) => c.conversationId !== conversationId));
}
