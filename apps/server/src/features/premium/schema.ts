import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.js';

/**
 * A basic user's premium-model sends per UTC day (features/premium): one row per user and day,
 * counted up by one conditional upsert (never past the allowance) and down when nothing went out.
 */
export const premiumUses = pgTable(
  'premium_uses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    uses: integer('uses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('premium_uses_nonnegative', sql`${t.uses} >= 0`)],
);
