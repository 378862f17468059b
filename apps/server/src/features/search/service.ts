import { DEFAULT_TITLE, SEARCH_LIMITS, searchTerms, type SearchPage } from '@chat/contract';
import { presentConversation } from '../convos/index.js';
import { presentHit } from './presenter.js';
import { toTextQuery } from './query.js';
import type { Hit, SearchRepo } from './repo.js';

/**
 * Merges two ranked lists (each by tier, then newest first) into one by the same order. Each list
 * keeps its own order (so pages of the same query never overlap); on a tie a message comes first.
 */
export function mergeRanked(a: Hit[], b: Hit[]): Hit[] {
  const out: Hit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x && (!y || x.rank < y.rank || (x.rank === y.rank && x.at.getTime() >= y.at.getTime()))) {
      out.push(x);
      i++;
    } else if (y) {
      out.push(y);
      j++;
    }
  }
  return out;
}

export function createSearchService({ repo }: { repo: SearchRepo }) {
  return {
    /**
     * One page of hits: matching messages and conversations whose title matches, best first: the
     * whole query as a phrase, then by how many of its parts match (`tiers`), each tier newest
     * first.
     * Each source yields its best offset + pageSize + 1 hits, merged; the extra one tells
     * whether a next page exists, so nothing is ever counted.
     */
    async search(userId: string, q: string, pageNumber: number): Promise<SearchPage> {
      const pageSize = SEARCH_LIMITS.pageSize;
      const empty: SearchPage = { conversations: [], messages: [], pageNumber, pageSize, pages: pageNumber };
      const query = toTextQuery(q);
      if (!query) return empty;
      const offset = (pageNumber - 1) * pageSize;
      const want = offset + pageSize + 1;
      const [messageHits, titleHits] = await Promise.all([
        repo.messageHits(userId, query, want),
        repo.titleHits(userId, query, want),
      ]);
      const hits = mergeRanked(messageHits, titleHits).slice(offset, offset + pageSize + 1);
      const more = hits.length > pageSize;
      const page = hits.slice(0, pageSize);
      if (page.length === 0) return empty;

      const messageIds = page.filter((h) => h.kind === 'message').map((h) => h.id);
      const convoIds = [...new Set(page.map((h) => h.conversationId))];
      const [rows, convos] = await Promise.all([
        repo.messagesByIds(userId, messageIds),
        repo.conversationsByIds(userId, convoIds),
      ]);
      const titles = new Map(convos.map((c) => [c.conversationId, c.title]));
      const byId = new Map(rows.map((r) => [r.messageId, r]));
      const terms = searchTerms(query.text);
      const found = messageIds.flatMap((id) => {
        const row = byId.get(id);
        // A message deleted between the two queries is left out.
        return row ? [presentHit(row, titles.get(row.conversationId) ?? DEFAULT_TITLE, terms)] : [];
      });
      return {
        conversations: convos.map(presentConversation),
        messages: found,
        pageNumber,
        pageSize,
        pages: more ? pageNumber + 1 : pageNumber,
      };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
