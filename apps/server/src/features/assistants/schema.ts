import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AssistantTool } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * Assistants: kept here since OpenAI retired its Assistants API, run through
 * chat completions with tools (features/assistants). `seq` orders a user's list and its paging.
 */
export const assistants = pgTable(
  'assistants',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    description: text('description'),
    instructions: text('instructions'),
    model: text('model').notNull(),
    tools: jsonb('tools').$type<AssistantTool[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('assistants_user_seq_idx').on(t.userId, t.seq)],
);
export type AssistantRow = typeof assistants.$inferSelect;
