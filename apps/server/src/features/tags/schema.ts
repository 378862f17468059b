import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * A person's bookmarks (LibreChat's ConversationTag): a name, an optional description and a place
 * in their list (1..n, no gaps). Which conversations carry a tag is kept on the conversation
 * (`conversations.tags`), so its count is read from there and never drifts. They go with the account.
 */
export const conversationTags = pgTable(
  'conversation_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    description: text('description'),
    position: integer('position').notNull(),
    ...timestamps,
  },
  // A name is a tag once per person; the key also serves the per-person list.
  (t) => [primaryKey({ name: 'conversation_tags_pkey', columns: [t.userId, t.tag] })],
);
export type ConversationTagRow = typeof conversationTags.$inferSelect;
