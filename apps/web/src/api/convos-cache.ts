import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, ConvosPage } from '@chat/contract';
import { queryKeys } from './keys';

type ConvoPages = InfiniteData<ConvosPage, number>;

/** Applies `fn` to the conversations of every cached sidebar page. */
function mapPages(qc: QueryClient, fn: (convos: Conversation[], pageIndex: number) => Conversation[]): void {
  qc.setQueryData<ConvoPages>(queryKeys.convos.list(), (data) =>
    data
      ? { ...data, pages: data.pages.map((p, i) => ({ ...p, conversations: fn(p.conversations, i) })) }
      : data,
  );
}

/** A new or updated conversation moves to the top of the first page. */
export function upsertConvoInCache(qc: QueryClient, convo: Conversation): void {
  qc.setQueryData(queryKeys.convos.one(convo.conversationId), convo);
  mapPages(qc, (convos, i) => {
    const rest = convos.filter((c) => c.conversationId !== convo.conversationId);
    return i === 0 ? [convo, ...rest] : rest;
  });
}

/** Changes fields of a cached conversation in place (e.g. a new title), without moving it. */
export function patchConvoInCache(
  qc: QueryClient,
  conversationId: string,
  patch: Partial<Conversation>,
): void {
  qc.setQueryData<Conversation>(queryKeys.convos.one(conversationId), (c) => (c ? { ...c, ...patch } : c));
  mapPages(qc, (convos) => convos.map((c) => (c.conversationId === conversationId ? { ...c, ...patch } : c)));
}

export function removeConvoFromCache(qc: QueryClient, conversationId: string): void {
  qc.removeQueries({ queryKey: queryKeys.convos.one(conversationId) });
  qc.removeQueries({ queryKey: queryKeys.messages(conversationId) });
  mapPages(qc, (convos) => convos.filter((c) => c.conversationId !== conversationId));
}
