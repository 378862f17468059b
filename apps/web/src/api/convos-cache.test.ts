import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConvosPage } from '@chat/contract';
import { patchConvoInCache, removeConvoFromCache, upsertConvoInCache } from './convos-cache';
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
});
