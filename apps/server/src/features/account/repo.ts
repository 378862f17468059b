import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deleteConversationsInBatches } from '../../db/delete-conversations.js';
import { accountDeletions, conversations, users, type UserRow } from '../../db/schema.js';

export function createAccountRepo(db: Db) {
  return {
    async conversationIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: conversations.conversationId })
        .from(conversations)
        .where(eq(conversations.userId, userId));
      return rows.map((r) => r.id);
    },
    /** Sets the given profile fields of a live (not deleted) user; undefined when there is none. */
    async updateProfile(
      userId: string,
      fields: { name?: string; username?: string | null },
    ): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning();
      return rows[0];
    },
    /** Whether the user accepted the terms dialog (false for no such user). */
    async termsAccepted(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ termsAccepted: users.termsAccepted })
        .from(users)
        .where(eq(users.id, userId));
      return row?.termsAccepted === true;
    },
    /** Records the user's acceptance of the terms dialog (kept: it is asked once). */
    async acceptTerms(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ termsAccepted: true, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    },
    /**
     * Deletes the user's conversations in batches, then the user row; every table holding the
     * user's data references it ON DELETE CASCADE (sessions, presets, keys, plugin credentials,
     * assistants, balance, transactions, import jobs), so that statement removes the rest. The reason is kept apart, unlinked. False
     * when there was no such user.
     */
    async deleteUser(userId: string, reason: string | null): Promise<boolean> {
      // The conversations (the bulk of an account) first, a batch at a time, so a large history
      // does not hold the database for everyone; the rest goes with the user row.
      await deleteConversationsInBatches(db, userId);
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
