import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { AssistantTool } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { assistants, type AssistantRow } from '../../db/schema.js';

export interface AssistantFields {
  name: string | null;
  description: string | null;
  instructions: string | null;
  model: string;
  tools: AssistantTool[];
  metadata: Record<string, string>;
}

export interface AssistantPage {
  rows: AssistantRow[];
  hasMore: boolean;
}

/** Users' assistants; every query filters by user_id (another user's id is not found). */
export function createAssistantsRepo(db: Executor) {
  const own = (userId: string, id: string) => and(eq(assistants.userId, userId), eq(assistants.id, id));
  /** The position of one of the user's assistants in their list (paging cursors). */
  const seqOf = async (userId: string, id: string): Promise<number | undefined> => {
    const [row] = await db.select({ seq: assistants.seq }).from(assistants).where(own(userId, id));
    return row?.seq;
  };

  return {
    async get(userId: string, id: string): Promise<AssistantRow | undefined> {
      const [row] = await db.select().from(assistants).where(own(userId, id));
      return row;
    },

    async insert(userId: string, id: string, fields: AssistantFields): Promise<AssistantRow> {
      const [row] = await db
        .insert(assistants)
        .values({ id, userId, ...fields })
        .returning();
      return row!;
    },

    async update(
      userId: string,
      id: string,
      patch: Partial<AssistantFields>,
    ): Promise<AssistantRow | undefined> {
      const [row] = await db
        .update(assistants)
        .set({ ...patch, updatedAt: new Date() })
        .where(own(userId, id))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(assistants).where(own(userId, id)).returning({ id: assistants.id });
      return rows.length > 0;
    },

    /**
     * One page of the user's assistants in creation order (`asc`) or its reverse, after and/or
     * before the assistants of those ids in that order (OpenAI's cursors: `before` alone is the
     * page nearest the cursor; `hasMore` then says there are more before it). An unknown cursor
     * is undefined.
     */
    async page(
      userId: string,
      q: { limit: number; order: 'asc' | 'desc'; after?: string | undefined; before?: string | undefined },
    ): Promise<AssistantPage | undefined> {
      const where: SQL[] = [eq(assistants.userId, userId)];
      const ascending = q.order === 'asc';
      for (const [id, side] of [
        [q.after, 'after'],
        [q.before, 'before'],
      ] as const) {
        if (!id) continue;
        const seq = await seqOf(userId, id);
        if (seq === undefined) return undefined;
        // "after" is later in the list's own order: a higher seq ascending, a lower one descending.
        const later = (side === 'after') === ascending;
        where.push(later ? gt(assistants.seq, seq) : lt(assistants.seq, seq));
      }
      // Only `before`: the page just before the cursor (read backwards, answered in order).
      const backwards = q.before !== undefined && q.after === undefined;
      const up = ascending !== backwards;
      const rows = await db
        .select()
        .from(assistants)
        .where(and(...where))
        .orderBy(up ? asc(assistants.seq) : desc(assistants.seq))
        .limit(q.limit + 1);
      const page = rows.slice(0, q.limit);
      return { rows: backwards ? page.reverse() : page, hasMore: rows.length > q.limit };
    },
  };
}
export type AssistantsRepo = ReturnType<typeof createAssistantsRepo>;
