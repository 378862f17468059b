import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.js';

/**
 * One violation of a user (LibreChat's logViolation): its type and score. The sum of a user's
 * scores decides bans (BAN_INTERVAL); the admin panel lists this month's counts.
 */
export const violations = pgTable(
  'violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['login', 'concurrent', 'message_limit', 'illegal_model_request'] }).notNull(),
    score: integer('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('violations_user_idx').on(t.userId), index('violations_created_idx').on(t.createdAt)],
);
export type ViolationRecord = typeof violations.$inferSelect;
