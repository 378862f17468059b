import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * A person's memories (LibreChat's MemoryEntry): a key unique per person, its value and the
 * value's token count, kept so the usage against `memory.tokenLimit` is a sum. They go with the
 * account.
 */
export const memoryEntries = pgTable(
  'memory_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    tokenCount: integer('token_count').notNull(),
    ...timestamps,
  },
  // A key once per person; the key also serves the per-person list.
  (t) => [primaryKey({ name: 'memory_entries_pkey', columns: [t.userId, t.key] })],
);
export type MemoryEntryRow = typeof memoryEntries.$inferSelect;

/**
 * A person's memory preference (LibreChat's `personalization.memories`): a row only once they
 * turned it off or on again; no row is on.
 */
export const memoryPreferences = pgTable('memory_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  memories: boolean('memories').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
