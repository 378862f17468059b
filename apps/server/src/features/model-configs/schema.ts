import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

/** Per-model system prompt and prefill, set by the operator. */
export const modelConfigs = pgTable('model_configs', {
  name: text('name').primaryKey(),
  jailbreakPrompt: text('jailbreak_prompt').notNull().default(''),
  prefill: text('prefill').notNull().default(''),
  ...timestamps,
});
export type ModelConfigRow = typeof modelConfigs.$inferSelect;
