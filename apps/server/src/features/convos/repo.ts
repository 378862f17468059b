import { and, arrayOverlaps, count, desc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_TITLE, type ConversationOptions } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { conversations, type ConversationRow } from '../../db/schema.js';
import { deleteConversationsInBatches } from '../../db/delete-conversations.js';

export interface NewConversation {
  conversationId: string;
  userId: string;
  endpoint: string;
  model: string | null;
  options: ConversationOptions;
  createdAt: Date;
  /** The default title when absent (a copy keeps its source's). */
  title?: string;
}

export interface ConversationPatch {
  title?: string;
  endpoint?: string;
  model?: string | null;
  options?: ConversationOptions;
  updatedAt?: Date;
  /** A temporary chat's end (features/temporary-chats); null: kept. */
  expiredAt?: Date | null;
}

/** Conversations of one user; every query filters by user_id. */
export function createConvosRepo(db: Executor) {
  const own = (userId: string, conversationId: string) =>
    and(eq(conversations.userId, userId), eq(conversations.conversationId, conversationId));
  /**
   * The user's conversations, or those of them carrying any of `tags` (when some are named);
   * never a temporary chat (LibreChat keeps those out of the history).
   */
  const listed = (userId: string, tags: readonly string[] | undefined) =>
    and(
      eq(conversations.userId, userId),
      isNull(conversations.expiredAt),
      tags && tags.length > 0 ? arrayOverlaps(conversations.tags, [...tags]) : undefined,
    );

  return {
    async page(
      userId: string,
      offset: number,
      limit: number,
      tags?: readonly string[],
    ): Promise<ConversationRow[]> {
      return db
        .select()
        .from(conversations)
        .where(listed(userId, tags))
        .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId))
        .limit(limit)
        .offset(offset);
    },

    async countFor(userId: string, tags?: readonly string[]): Promise<number> {
      const [row] = await db.select({ n: count() }).from(conversations).where(listed(userId, tags));
      return row?.n ?? 0;
    },

    async get(userId: string, conversationId: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(own(userId, conversationId));
      return row;
    },

    async insert(c: NewConversation, tx: Executor = db): Promise<ConversationRow> {
      const [row] = await tx
        .insert(conversations)
        .values({ ...c, updatedAt: c.createdAt })
        .returning();
      return row!;
    },

    async update(
      userId: string,
      conversationId: string,
      patch: ConversationPatch,
      tx: Executor = db,
    ): Promise<ConversationRow | undefined> {
      const [row] = await tx
        .update(conversations)
        .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
        .where(own(userId, conversationId))
        .returning();
      return row;
    },

    /**
     * Saves a generated title unless the conversation was renamed meanwhile; updatedAt is kept so
     * titling does not move the conversation in the list. True when saved.
     */
    async setGeneratedTitle(
      userId: string,
      conversationId: string,
      title: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(conversations)
        .set({ title })
        .where(and(own(userId, conversationId), eq(conversations.title, DEFAULT_TITLE)))
        .returning({ id: conversations.conversationId });
      return rows.length > 0;
    },

    async remove(userId: string, conversationId: string): Promise<number> {
      const rows = await db
        .delete(conversations)
        .where(own(userId, conversationId))
        .returning({ id: conversations.conversationId });
      return rows.length;
    },

    /** Every conversation of the user, a batch at a time (other requests go between). */
    async removeAll(userId: string): Promise<string[]> {
      return deleteConversationsInBatches(db, userId);
    },
  };
}
export type ConvosRepo = ReturnType<typeof createConvosRepo>;
