import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConversationOptions } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * A user's saved setups: the endpoint, model and conversation options, a title,
 * an order and whether it is the user's default; at most one default per user (the partial index).
 */
export const presets = pgTable(
  'presets',
  {
    presetId: uuid('preset_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    endpoint: text('endpoint').notNull(),
    model: text('model'),
    options: jsonb('options').$type<ConversationOptions>().notNull().default({}),
    defaultPreset: boolean('default_preset').notNull().default(false),
    order: integer('order'),
    ...timestamps,
  },
  (t) => [
    index('presets_user_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('presets_one_default_idx')
      .on(t.userId)
      .where(sql`${t.defaultPreset}`),
  ],
);
export type PresetRow = typeof presets.$inferSelect;
