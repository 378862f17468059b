import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConversationOptions } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

export const conversations = pgTable(
  'conversations',
  {
    conversationId: uuid('conversation_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    endpoint: text('endpoint').notNull(),
    model: text('model'),
    options: jsonb('options').$type<ConversationOptions>().notNull().default({}),
    /**
     * Set on an imported conversation: its file's format and the source conversation's id
     * (features/imports). Unique per user, so importing the same file twice adds nothing.
     */
    importKey: text('import_key'),
    /** The bookmarks its owner put on it (tag names of features/tags), LibreChat's field. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A temporary chat's end (features/temporary-chats): past it the conversation and its messages
     * are deleted. Null for a conversation that is kept. LibreChat's field.
     */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('conversations_user_import_key_idx').on(t.userId, t.importKey),
    // The sidebar's filter (`tags && $1`, combined with the user's own rows by a bitmap AND).
    index('conversations_tags_idx').using('gin', t.tags),
    // Temporary chats only (few rows): the sweep takes the expired ones oldest first, and a
    // user's are found to keep them out of search.
    index('conversations_expired_at_idx')
      .on(t.expiredAt)
      .where(sql`${t.expiredAt} is not null`),
    index('conversations_user_temporary_idx')
      .on(t.userId)
      .where(sql`${t.expiredAt} is not null`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;
