import type { Conversation, SearchHit, SearchPage } from '@chat/contract';

/** The results of one conversation: its title and its matching messages, oldest first. */
export interface SearchGroup {
  conversationId: string;
  title: string;
  hits: SearchHit[];
}

/**
 * Loaded pages as one group per conversation, in the order the conversations first appear (each
 * page lists them newest first); a later page adds its hits to a group already shown. Within a
 * group the messages read as in the conversation: oldest first, a question before its answer.
 */
export function groupHits(pages: readonly SearchPage[]): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  const seen = new Set<string>();
  const groupOf = (conversationId: string, title: string) => {
    let g = groups.get(conversationId);
    if (!g) {
      g = { conversationId, title, hits: [] };
      groups.set(conversationId, g);
    }
    return g;
  };
  for (const page of pages) {
    for (const c of page.conversations) groupOf(c.conversationId, c.title);
    for (const m of page.messages) {
      if (seen.has(m.messageId)) continue;
      seen.add(m.messageId);
      groupOf(m.conversationId, m.title).hits.push(m);
    }
  }
  const groupsList = [...groups.values()];
  for (const g of groupsList) g.hits.sort(chronological);
  return groupsList;
}

function chronological(a: SearchHit, b: SearchHit): number {
  const t = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return t || Number(b.isCreatedByUser) - Number(a.isCreatedByUser);
}

/** The conversations of the loaded pages, once each, in order (the sidebar in search mode). */
export function searchConversations(pages: readonly SearchPage[]): Conversation[] {
  const seen = new Set<string>();
  const out: Conversation[] = [];
  for (const page of pages) {
    for (const c of page.conversations) {
      if (seen.has(c.conversationId)) continue;
      seen.add(c.conversationId);
      out.push(c);
    }
  }
  return out;
}
