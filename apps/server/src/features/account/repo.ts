import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountDeletions, conversations, users } from '../../db/schema.js';

export function createAccountRepo(db: Db) {
  return {
    async conversationIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: conversations.conversationId })
        .from(conversations)
        .where(eq(conversations.userId, userId));
      return rows.map((r) => r.id);
    },
    /**
     * Deletes the user row; every table holding the user's data references it ON DELETE CASCADE
     * (sessions, conversations, messages, presets, keys, plugin credentials, assistants, balance,
     * transactions), so one statement removes it all. The reason is kept apart, unlinked. False
     * when there was no such user.
     */
    async deleteUser(userId: string, reason: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
        if (gone.length === 0) return false;
        await tx.insert(accountDeletions).values({ reason });
        return true;
      });
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
