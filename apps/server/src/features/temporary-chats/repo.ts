import { asc, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { conversations } from '../../db/schema.js';

/** A conversation the sweep deleted, and whose it was. */
export interface Swept {
  userId: string;
  conversationId: string;
}

/** The temporary chats' queries (every user's: the sweep is the server's, not a request's). */
export function createTemporaryChatsRepo(db: Executor) {
  return {
    /**
     * Deletes up to `limit` conversations whose end is at or before `now`, those that ended first
     * first (their messages go with them, ON DELETE CASCADE). Rows another instance's sweep is
     * deleting at the same moment are passed over (SKIP LOCKED), so two sweeps never wait on each
     * other; a row already gone is simply not found.
     */
    async removeExpired(now: Date, limit: number): Promise<Swept[]> {
      const batch = db
        .select({ id: conversations.conversationId })
        .from(conversations)
        .where(lte(conversations.expiredAt, now))
        .orderBy(asc(conversations.expiredAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .delete(conversations)
        .where(inArray(conversations.conversationId, batch))
        .returning({ userId: conversations.userId, conversationId: conversations.conversationId });
    },
  };
}
export type TemporaryChatsRepo = ReturnType<typeof createTemporaryChatsRepo>;
