import type { Conversation } from '@chat/contract';
import type { ConversationRow } from '../../db/schema.js';

/** A conversation row as the contract's Conversation: options spread, ISO dates. */
export function presentConversation(row: ConversationRow): Conversation {
  return {
    ...row.options,
    conversationId: row.conversationId,
    title: row.title,
    user: row.userId,
    endpoint: row.endpoint,
    model: row.model,
    tags: row.tags,
    // Only a temporary chat carries it: a kept conversation's shape is as it was.
    ...(row.expiredAt ? { expiredAt: row.expiredAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
