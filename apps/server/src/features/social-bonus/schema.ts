import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.js';

/** The social-media bonus claimed, at most once per user and platform (features/social-bonus). */
export const socialBonusClaims = pgTable(
  'social_bonus_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_bonus_claims_user_platform_uq').on(t.userId, t.platform)],
);
