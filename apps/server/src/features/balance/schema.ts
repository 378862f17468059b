import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/** A user's token balance in credits (CHECK_BALANCE); one row per user, made at sign-up or lazily. */
export const balances = pgTable(
  'balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenCredits: bigint('token_credits', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  // Nothing spends what is not there: a write that would go below zero fails.
  (t) => [check('balances_token_credits_nonnegative', sql`${t.tokenCredits} >= 0`)],
);
export type BalanceRow = typeof balances.$inferSelect;

/**
 * Every change of a balance, with the balance it left: the starting grant, a reply's reservation
 * and its settlement with the real usage, an operator's issue or spend, an auto-refill.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * `moved`: a LibreChat transaction brought by the MongoDB move, kept as history only (the
     * moved balance already holds its effect, so it is never applied again).
     */
    kind: text('kind', {
      enum: ['start', 'reserve', 'settle', 'issue', 'spend', 'bonus', 'refill', 'moved'],
    }).notNull(),
    /** Credits added (positive) or taken (negative). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The balance once this row was applied; unknown for moved history (LibreChat keeps none). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    model: text('model'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    conversationId: uuid('conversation_id'),
    messageId: uuid('message_id'),
    reason: text('reason'),
    /** A moved transaction's LibreChat `tokenType`: prompt, completion or credits. */
    tokenType: text('token_type'),
    /** A moved transaction's LibreChat `context` (message, title, autoRefill, …). */
    context: text('context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transactions_user_created_idx').on(t.userId, t.createdAt)],
);
export type TransactionRow = typeof transactions.$inferSelect;
