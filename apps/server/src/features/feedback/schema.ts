import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { FeedbackRating, FeedbackTagKey } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';
import { conversations } from '../convos/schema.js';
import { messages } from '../messages/schema.js';

/**
 * A person's rating of a reply: one row per person and message. LibreChat keeps it on the message
 * itself; a table of the feature's own leaves the messages untouched, and the foreign keys take
 * the rows away with the message, its conversation or the account.
 */
export const messageFeedback = pgTable(
  'message_feedback',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.messageId, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    rating: text('rating').$type<FeedbackRating>().notNull(),
    tag: text('tag').$type<FeedbackTagKey>(),
    text: text('text'),
    ...timestamps,
  },
  (t) => [
    // The message first: deleting messages (a conversation's, a regenerated branch's) looks its
    // ratings up by message id alone.
    primaryKey({ name: 'message_feedback_pkey', columns: [t.messageId, t.userId] }),
    // A conversation's ratings, read once when it opens.
    index('message_feedback_convo_user_idx').on(t.conversationId, t.userId),
  ],
);
export type MessageFeedbackRow = typeof messageFeedback.$inferSelect;
