import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { MessageFile, PluginState } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';
import { conversations } from '../convos/schema.js';

/** Messages form a tree through parent_message_id; the root parent is the all-zero UUID. */
export const messages = pgTable(
  'messages',
  {
    messageId: uuid('message_id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentMessageId: uuid('parent_message_id').notNull(),
    sender: text('sender').notNull(),
    text: text('text').notNull().default(''),
    isCreatedByUser: boolean('is_created_by_user').notNull(),
    endpoint: text('endpoint'),
    model: text('model'),
    error: boolean('error').notNull().default(false),
    unfinished: boolean('unfinished').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    finishReason: text('finish_reason'),
    tokenCount: integer('token_count'),
    /** A plugins reply's display states, saved with its outcome; null without any. */
    plugins: jsonb('plugins').$type<PluginState[]>(),
    /** The images the user attached; null without any. */
    files: jsonb('files').$type<MessageFile[]>(),
    /**
     * A reply's: the first message its model was shown, when older ones were left out (or
     * summarized) to fit the model's context; null when the whole conversation was sent. The chat
     * shows where the context begins from it, after a reload too.
     */
    contextMessageId: uuid('context_message_id'),
    ...timestamps,
  },
  (t) => [
    // A conversation's messages, owner-checked, in order: both equalities in one index, so the
    // plan never ANDs in the user's whole index (PGlite runs no ANALYZE; without statistics the
    // planner chose a BitmapAnd that read the user's 1,000,000 index entries).
    index('messages_convo_user_created_idx').on(t.conversationId, t.userId, t.createdAt),
    // Search walks a user's messages newest first (features/search).
    index('messages_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
