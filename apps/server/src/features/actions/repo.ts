import { and, asc, count, eq } from 'drizzle-orm';
import type { ActionAuth } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { agentActions, type AgentActionRow } from '../../db/schema.js';

export interface ActionFields {
  domain: string;
  rawSpec: string;
  auth: ActionAuth;
  /** Sealed; null when the action sends no key. */
  apiKey: string | null;
  privacyPolicyUrl: string | null;
  functions: string[];
}

/**
 * Agents' actions. The service checks the agent's ownership before any write; every query also
 * names the agent, so an action id of another agent is never reached through this one.
 */
export function createActionsRepo(db: Executor) {
  const ofAgent = (agentId: string, id: string) =>
    and(eq(agentActions.agentId, agentId), eq(agentActions.id, id));
  return {
    /** The actions whose agents the user owns, oldest first. */
    async ofUser(userId: string): Promise<AgentActionRow[]> {
      return db
        .select()
        .from(agentActions)
        .where(eq(agentActions.userId, userId))
        .orderBy(asc(agentActions.createdAt), asc(agentActions.id));
    },

    async ofAgentList(agentId: string): Promise<AgentActionRow[]> {
      return db
        .select()
        .from(agentActions)
        .where(eq(agentActions.agentId, agentId))
        .orderBy(asc(agentActions.createdAt), asc(agentActions.id));
    },

    async one(agentId: string, id: string): Promise<AgentActionRow | undefined> {
      const [row] = await db.select().from(agentActions).where(ofAgent(agentId, id));
      return row;
    },

    /** Whether an action of this id exists at all (ids are global, as LibreChat's). */
    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(agentActions).where(eq(agentActions.id, id));
      return (row?.n ?? 0) > 0;
    },

    async insert(userId: string, agentId: string, id: string, fields: ActionFields): Promise<AgentActionRow> {
      const [row] = await db
        .insert(agentActions)
        .values({ id, agentId, userId, ...fields })
        .returning();
      return row!;
    },

    async update(agentId: string, id: string, fields: ActionFields): Promise<AgentActionRow | undefined> {
      const [row] = await db
        .update(agentActions)
        .set({ ...fields, updatedAt: new Date() })
        .where(ofAgent(agentId, id))
        .returning();
      return row;
    },

    async remove(agentId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(agentActions)
        .where(ofAgent(agentId, id))
        .returning({ id: agentActions.id });
      return rows.length > 0;
    },
  };
}
export type ActionsRepo = ReturnType<typeof createActionsRepo>;
