import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConvosPage } from '@chat/contract';
import { mapCachedConvos, patchConvoInCache, removeConvoFromCache, upsertConvoInCache } from './convos-cache';
import { queryKeys } from './keys';

const convo = (id: string, title = id): Conversation => ({
  conversationId: id,
  title,
  user: 'u',
  endpoint: 'openAI',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

function seeded(): QueryClient {
  const qc = new QueryClient();
  const pages: ConvosPage[] = [
    { conversations: [convo('a'), convo('b')], pageNumber: 1, pageSize: 2, pages: 2 },
    { conversations: [convo('c')], pageNumber: 2, pageSize: 2, pages: 2 },
  ];
  qc.setQueryData<InfiniteData<ConvosPage, number>>(queryKeys.convos.list(), { pages, pageParams: [1, 2] });
  return qc;
}

const ids = (qc: QueryClient) =>
  qc
    .getQueryData<InfiniteData<ConvosPage, number>>(queryKeys.convos.list())!
    .pages.map((p) => p.conversations.map((c) => `${c.conversationId}:${c.title}`));

describe('sidebar cache', () => {
  it('moves an updated conversation to the top of the first page, once', () => {
    const qc = seeded();
    upsertConvoInCache(qc, convo('c', 'fresh'));
    expect(ids(qc)).toEqual([['c:fresh', 'a:a', 'b:b'], []]);
    upsertConvoInCache(qc, convo('new'));
    expect(ids(qc)[0]?.[0]).toBe('new:new');
  });

  it('caches a temporary chat (it has an end) alone, never in the list', () => {
    const qc = seeded();
    const temporary = { ...convo('t'), expiredAt: '2027-01-01T00:00:00.000Z' };
    upsertConvoInCache(qc, temporary);
    expect(ids(qc)).toEqual([['a:a', 'b:b'], ['c:c']]);
    expect(qc.getQueryData(queryKeys.convos.one('t'))).toEqual(temporary);
  });

  it('patches a title in place without moving the conversation', () => {
    const qc = seeded();
    patchConvoInCache(qc, 'b', { title: 'Renamed' });
    expect(ids(qc)).toEqual([['a:a', 'b:Renamed'], ['c:c']]);
  });

  it('removes a deleted conversation from every page', () => {
    const qc = seeded();
    removeConvoFromCache(qc, 'c');
    expect(ids(qc)).toEqual([['a:a', 'b:b'], []]);
  });

  it('keeps a bookmark-filtered list to what it holds: replaced, patched and removed in place, never added to', () => {
    const qc = seeded();
    const filtered = queryKeys.convos.list(['work']);
    qc.setQueryData<InfiniteData<ConvosPage, number>>(filtered, {
      pages: [{ conversations: [convo('b'), convo('c')], pageNumber: 1, pageSize: 2, pages: 1 }],
      pageParams: [1],
    });
    const inFiltered = () =>
      qc
        .getQueryData<InfiniteData<ConvosPage, number>>(filtered)!
        .pages.flatMap((p) => p.conversations.map((c) => `${c.conversationId}:${c.title}`));
    upsertConvoInCache(qc, convo('new'));
    upsertConvoInCache(qc, convo('c', 'fresh'));
    expect(inFiltered()).toEqual(['b:b', 'c:fresh']);
    patchConvoInCache(qc, 'b', { title: 'Renamed' });
    expect(inFiltered()).toEqual(['b:Renamed', 'c:fresh']);
    removeConvoFromCache(qc, 'c');
    expect(inFiltered()).toEqual(['b:Renamed']);
  });

  it('rewrites every cached conversation, alone and in each list', () => {
    const qc = seeded();
    qc.setQueryData(queryKeys.convos.one('a'), convo('a'));
    mapCachedConvos(qc, (c) => ({ ...c, title: c.title.toUpperCase() }));
    expect(ids(qc)).toEqual([['a:A', 'b:B'], ['c:C']]);
    expect(qc.getQueryData<Conversation>(queryKeys.convos.one('a'))?.title).toBe('A');
  });
});
