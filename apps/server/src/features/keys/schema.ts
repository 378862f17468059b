import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * A user's own key for one endpoint. `value` is AES-256-GCM sealed
 * with CREDS_KEY (platform/seal.ts), bound to the user and the endpoint name; never returned.
 */
export const userKeys = pgTable(
  'user_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] }), index('user_keys_expires_idx').on(t.expiresAt)],
);
export type UserKeyRow = typeof userKeys.$inferSelect;
