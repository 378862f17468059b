import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * The error log: every provider or server error that reached a
 * user, secrets redacted before the row is written (features/error-log). The user is a reference
 * (their email is read with the record; set null when the account goes). Bounded: the contract's
 * ERROR_LOG_RETENTION (newest rows, maximum age).
 */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    errorCode: text('error_code').notNull(),
    errorMessage: text('error_message').notNull(),
    errorType: text('error_type').notNull(),
    errorStack: text('error_stack'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    model: text('model'),
    endpoint: text('endpoint'),
    conversationId: text('conversation_id'),
    messageId: text('message_id'),
    text: text('text'),
    route: text('route'),
    ...timestamps,
  },
  (t) => [
    index('error_logs_code_idx').on(t.errorCode, t.createdAt.desc()),
    index('error_logs_created_idx').on(t.createdAt.desc()),
  ],
);
export type ErrorLogRow = typeof errorLogs.$inferSelect;
