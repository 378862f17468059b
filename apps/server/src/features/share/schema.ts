import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SharedMessage } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';
import { conversations } from '../convos/schema.js';

/**
 * A conversation's shared link and its snapshot: the title and the branch's messages as a reader
 * sees them, copied when the link is made or updated, so later turns stay private until the
 * owner updates it. It goes with the conversation (and the account).
 */
export const sharedLinks = pgTable(
  'shared_links',
  {
    shareId: text('share_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    messages: jsonb('messages').$type<SharedMessage[]>().notNull(),
    ...timestamps,
  },
  (t) => [
    // One link per conversation, as LibreChat keeps it.
    uniqueIndex('shared_links_conversation_idx').on(t.conversationId),
    // The owner's list, newest first.
    index('shared_links_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type SharedLinkRow = typeof sharedLinks.$inferSelect;
