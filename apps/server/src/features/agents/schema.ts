import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { AgentModelParameters, AgentToolResources } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * Agents (LibreChat's): a model on a configured endpoint with its own instructions, tools and
 * conversation starters. `is_public` shares it with everyone for use, never for editing.
 */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    description: text('description'),
    instructions: text('instructions'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    modelParameters: jsonb('model_parameters').$type<AgentModelParameters>().notNull().default({}),
    tools: jsonb('tools').$type<string[]>().notNull().default([]),
    /** The owner's files its tools use (file_search's documents), by id. */
    toolResources: jsonb('tool_resources').$type<AgentToolResources>().notNull().default({}),
    conversationStarters: jsonb('conversation_starters').$type<string[]>().notNull().default([]),
    avatar: jsonb('avatar').$type<{ filepath: string; source: string }>(),
    isPublic: boolean('is_public').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('agents_user_idx').on(t.userId, t.createdAt), index('agents_public_idx').on(t.isPublic)],
);
export type AgentRow = typeof agents.$inferSelect;

/**
 * The people an agent is shared with, by e-mail address (lower case): matched against the
 * reader's account address, so sharing with an address reveals nothing about its account.
 */
export const agentShares = pgTable(
  'agent_shares',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.email] }), index('agent_shares_email_idx').on(t.email)],
);
