import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { SharedMessage } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { sharedLinks, type SharedLinkRow } from '../../db/schema.js';

export interface Snapshot {
  title: string;
  messages: SharedMessage[];
}

export function createShareRepo(db: Executor) {
  const own = (userId: string, shareId: string) =>
    and(eq(sharedLinks.userId, userId), eq(sharedLinks.shareId, shareId));

  return {
    async byShareId(shareId: string): Promise<SharedLinkRow | undefined> {
      const [row] = await db.select().from(sharedLinks).where(eq(sharedLinks.shareId, shareId));
      return row;
    },

    async ofConversation(userId: string, conversationId: string): Promise<SharedLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(sharedLinks)
        .where(and(eq(sharedLinks.userId, userId), eq(sharedLinks.conversationId, conversationId)));
      return row;
    },

    /** The new link, or undefined when the conversation has one already (made meanwhile). */
    async insert(
      userId: string,
      conversationId: string,
      shareId: string,
      snapshot: Snapshot,
      at: Date,
    ): Promise<SharedLinkRow | undefined> {
      const [row] = await db
        .insert(sharedLinks)
        .values({ shareId, userId, conversationId, ...snapshot, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async update(userId: string, shareId: string, snapshot: Snapshot, at: Date) {
      const [row] = await db
        .update(sharedLinks)
        .set({ ...snapshot, updatedAt: at })
        .where(own(userId, shareId))
        .returning();
      return row;
    },

    async remove(userId: string, shareId: string): Promise<boolean> {
      const rows = await db
        .delete(sharedLinks)
        .where(own(userId, shareId))
        .returning({ id: sharedLinks.shareId });
      return rows.length > 0;
    },

    /** The owner's links newest first, after the link `cursor` names (one more than `limit`). */
    async page(userId: string, limit: number, cursor: SharedLinkRow | undefined): Promise<SharedLinkRow[]> {
      const after = cursor
        ? or(
            lt(sharedLinks.createdAt, cursor.createdAt),
            and(eq(sharedLinks.createdAt, cursor.createdAt), lt(sharedLinks.shareId, cursor.shareId)),
          )
        : undefined;
      return db
        .select()
        .from(sharedLinks)
        .where(and(eq(sharedLinks.userId, userId), after))
        .orderBy(desc(sharedLinks.createdAt), desc(sharedLinks.shareId))
        .limit(limit + 1);
    },
  };
}
export type ShareRepo = ReturnType<typeof createShareRepo>;
