import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ActionAuth } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { agents } from '../agents/schema.js';
import { users } from '../auth/schema.js';

/**
 * Agents' actions (LibreChat's): an OpenAPI spec whose operations the agent's model may call.
 * `user_id` is the agent's owner, whose stored auth every call uses, whoever chats; the API key
 * is sealed (AES-GCM under CREDS_KEY, bound to the action's id) and never leaves the server.
 */
export const agentActions = pgTable(
  'agent_actions',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    rawSpec: text('raw_spec').notNull(),
    auth: jsonb('auth').$type<ActionAuth>().notNull(),
    apiKey: text('api_key'),
    privacyPolicyUrl: text('privacy_policy_url'),
    /** The operations' names: the tools the action gives its agent. */
    functions: jsonb('functions').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('agent_actions_agent_idx').on(t.agentId), index('agent_actions_user_idx').on(t.userId)],
);
export type AgentActionRow = typeof agentActions.$inferSelect;
