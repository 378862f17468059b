import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    ...timestamps,
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('conversations_user_import_key_idx').on(t.userId, t.importKey),
    // The sidebar's filter (`tags && $1`, combined with the user's own rows by a bitmap AND).
    index('conversations_tags_idx').using('gin', t.tags),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;
