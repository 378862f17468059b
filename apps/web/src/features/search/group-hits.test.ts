import { describe, expect, it } from 'vitest';
import type { Conversation, SearchHit, SearchPage } from '@chat/contract';
import { groupHits, searchConversations } from './group-hits';

const convo = (id: string, title = `Title ${id}`): Conversation => ({
  conversationId: id,
  title,
  user: 'u',
  endpoint: 'openAI',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const hit = (messageId: string, conversationId: string, at = 0, isCreatedByUser = true): SearchHit => ({
  messageId,
  conversationId,
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  sender: 'User',
  text: `text ${messageId}`,
  isCreatedByUser,
  endpoint: 'openAI',
  model: null,
  error: false,
  unfinished: false,
  isEdited: false,
  finish_reason: null,
  tokenCount: null,
  createdAt: new Date(Date.UTC(2025, 0, 1) + at * 1000).toISOString(),
  updatedAt: '2025-01-01T00:00:00.000Z',
  title: `Title ${conversationId}`,
  excerpt: false,
});

const page = (n: number, conversations: Conversation[], messages: SearchHit[]): SearchPage => ({
  conversations,
  messages,
  pageNumber: n,
  pageSize: 25,
  pages: n + 1,
});

describe('groupHits', () => {
  it('groups hits by conversation in the order conversations first appear, across pages', () => {
    const pages = [
      page(
        1,
        [convo('a'), convo('b'), convo('t', 'Only the title')],
        [hit('m1', 'b', 9), hit('m2', 'a', 8), hit('m3', 'b', 7, false), hit('m3b', 'b', 7)],
      ),
      page(2, [convo('c'), convo('a')], [hit('m4', 'a', 6), hit('m5', 'c', 5), hit('m3', 'b', 7, false)]),
    ];
    const groups = groupHits(pages);
    // Within a conversation: oldest first, a question before its answer at the same time.
    expect(groups.map((g) => [g.conversationId, g.hits.map((h) => h.messageId)])).toEqual([
      ['a', ['m4', 'm2']],
      ['b', ['m3b', 'm3', 'm1']],
      ['t', []],
      ['c', ['m5']],
    ]);
    expect(groups[2]!.title).toBe('Only the title');
  });

  it('keeps a hit whose conversation is not listed, under the hit’s title', () => {
    expect(groupHits([page(1, [], [hit('m1', 'x')])])).toEqual([
      { conversationId: 'x', title: 'Title x', hits: [hit('m1', 'x')] },
    ]);
    expect(groupHits([])).toEqual([]);
  });
});

describe('searchConversations', () => {
  it('lists each conversation once, in order', () => {
    const pages = [page(1, [convo('a'), convo('b')], []), page(2, [convo('b'), convo('c')], [])];
    expect(searchConversations(pages).map((c) => c.conversationId)).toEqual(['a', 'b', 'c']);
  });
});
