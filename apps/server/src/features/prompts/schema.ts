import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { PromptType } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * A person's prompt group (LibreChat's PromptGroup): its name, category, one-line description,
 * the `/` command, which version is the production one, and whether everyone may read it. The
 * production version is checked by the feature's writes (a version always belongs to its group),
 * not by a foreign key, so a group and its first version are written in either order.
 */
export const promptGroups = pgTable(
  'prompt_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    oneliner: text('oneliner').notNull().default(''),
    command: text('command'),
    productionId: uuid('production_id'),
    /** Shared with everyone (LibreChat's global project in `projectIds`). */
    shared: boolean('shared').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // The owner's list, newest change first.
    index('prompt_groups_user_updated_idx').on(t.userId, t.updatedAt),
    // Everyone's list of the shared ones.
    index('prompt_groups_shared_idx')
      .on(t.updatedAt)
      .where(sql`${t.shared}`),
  ],
);
export type PromptGroupRow = typeof promptGroups.$inferSelect;

/** One version of a group (LibreChat's Prompt); it goes with its group (and the account). */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => promptGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    type: text('type').$type<PromptType>().notNull().default('text'),
    ...timestamps,
  },
  (t) => [index('prompts_group_created_idx').on(t.groupId, t.createdAt)],
);
export type PromptRow = typeof prompts.$inferSelect;
