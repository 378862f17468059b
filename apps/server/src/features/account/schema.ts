import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Why people deleted their accounts (the delete wizard's optional reason), kept as
 * feedback for the operator. Nothing links a row to the account, which is gone with all its data.
 */
export const accountDeletions = pgTable('account_deletions', {
  id: uuid('id').primaryKey().defaultRandom(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AccountDeletionRow = typeof accountDeletions.$inferSelect;
