import { and, count, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { AgentModelParameters, AgentToolResources } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { agents, agentShares, users, type AgentRow } from '../../db/schema.js';

export interface AgentFields {
  name: string | null;
  description: string | null;
  instructions: string | null;
  provider: string;
  model: string;
  modelParameters: AgentModelParameters;
  tools: string[];
  toolResources: AgentToolResources;
  conversationStarters: string[];
}

/** A row with its owner's display name (never their address or id for anyone else). */
export interface AgentView {
  row: AgentRow;
  authorName: string | null;
}

/**
 * Agents. Writes filter by owner (user_id); reads also reach agents shared with the reader:
 * public ones, and those shared with the reader's address.
 */
export function createAgentsRepo(db: Executor) {
  const own = (userId: string, id: string) => and(eq(agents.userId, userId), eq(agents.id, id));
  // Shares are matched on the reader's account address, read with the agent.
  const readable = (readerId: string) =>
    or(
      eq(agents.userId, readerId),
      eq(agents.isPublic, true),
      exists(
        db
          .select({ one: sql`1` })
          .from(agentShares)
          .innerJoin(users, sql`lower(${users.email}) = ${agentShares.email}`)
          .where(and(eq(agentShares.agentId, agents.id), eq(users.id, readerId))),
      ),
    );
  const withAuthor = () =>
    db
      .select({ row: agents, authorName: users.name })
      .from(agents)
      .innerJoin(users, eq(users.id, agents.userId));

  return {
    /** One agent the reader may use; undefined when it does not exist or is not theirs to see. */
    async readable(readerId: string, id: string): Promise<AgentView | undefined> {
      const [found] = await withAuthor().where(and(eq(agents.id, id), readable(readerId)));
      return found;
    },

    /** Every agent the reader may use: their own first, then shared ones, newest first. */
    async list(readerId: string, limit: number): Promise<AgentView[]> {
      return withAuthor()
        .where(readable(readerId))
        .orderBy(sql`${agents.userId} = ${readerId} desc`, desc(agents.createdAt), desc(agents.id))
        .limit(limit);
    },

    async owned(userId: string, id: string): Promise<AgentRow | undefined> {
      const [row] = await db.select().from(agents).where(own(userId, id));
      return row;
    },

    async countOwned(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(agents).where(eq(agents.userId, userId));
      return row?.n ?? 0;
    },

    async insert(userId: string, id: string, fields: AgentFields): Promise<AgentRow> {
      const [row] = await db
        .insert(agents)
        .values({ id, userId, ...fields })
        .returning();
      return row!;
    },

    async update(
      userId: string,
      id: string,
      patch: Partial<AgentFields> & { isPublic?: boolean; avatar?: AgentRow['avatar'] },
    ): Promise<AgentRow | undefined> {
      const [row] = await db
        .update(agents)
        .set({ ...patch, updatedAt: new Date() })
        .where(own(userId, id))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(agents).where(own(userId, id)).returning({ id: agents.id });
      return rows.length > 0;
    },

    /**
     * Adds a file to the owner's agent's file_search (once), in one statement: a concurrent
     * upload's id is never lost. False when the agent is not the owner's.
     */
    async addSearchFile(userId: string, id: string, fileId: string, max: number): Promise<boolean> {
      const ids = sql`coalesce(${agents.toolResources} #> '{file_search,file_ids}', '[]'::jsonb)`;
      const rows = await db
        .update(agents)
        .set({
          toolResources: sql`jsonb_set(${agents.toolResources}, '{file_search}',
            jsonb_build_object('file_ids', case when ${ids} ? ${fileId} then ${ids}
              else ${ids} || jsonb_build_array(${fileId}::text) end), true)`,
          updatedAt: new Date(),
        })
        .where(and(own(userId, id), sql`jsonb_array_length(${ids}) < ${max}`))
        .returning({ id: agents.id });
      return rows.length > 0;
    },

    /** The addresses each of these agents is shared with. */
    async sharesOf(ids: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .select()
        .from(agentShares)
        .where(inArray(agentShares.agentId, [...ids]))
        .orderBy(agentShares.email);
      for (const r of rows) out.set(r.agentId, [...(out.get(r.agentId) ?? []), r.email]);
      return out;
    },

    /** Replaces the addresses an agent is shared with (the caller checked ownership). */
    async setShares(id: string, emails: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(agentShares).where(eq(agentShares.agentId, id));
        if (emails.length > 0) {
          await tx.insert(agentShares).values([...new Set(emails)].map((email) => ({ agentId: id, email })));
        }
      });
    },
  };
}
export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
