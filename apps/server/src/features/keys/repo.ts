import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { userKeys, type UserKeyRow } from '../../db/schema.js';

/** Users' sealed keys; every query filters by user_id, and an expired key counts as absent. */
export function createKeysRepo(db: Executor) {
  const own = (userId: string, name: string) => and(eq(userKeys.userId, userId), eq(userKeys.name, name));
  return {
    async getLive(userId: string, name: string, now = new Date()): Promise<UserKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(userKeys)
        .where(and(own(userId, name), gt(userKeys.expiresAt, now)));
      return row;
    },

    /** Saves (or replaces) the user's key for an endpoint. */
    async upsert(userId: string, name: string, value: string, expiresAt: Date): Promise<void> {
      const now = new Date();
      await db
        .insert(userKeys)
        .values({ userId, name, value, expiresAt, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [userKeys.userId, userKeys.name],
          set: { value, expiresAt, updatedAt: now },
        });
    },

    async remove(userId: string, name: string): Promise<number> {
      const rows = await db.delete(userKeys).where(own(userId, name)).returning({ name: userKeys.name });
      return rows.length;
    },

    async removeAll(userId: string): Promise<number> {
      const rows = await db
        .delete(userKeys)
        .where(eq(userKeys.userId, userId))
        .returning({ name: userKeys.name });
      return rows.length;
    },

    /** Deletes every key whose expiry has passed (keys are deleted at expiry). */
    async removeExpired(now = new Date()): Promise<number> {
      const rows = await db
        .delete(userKeys)
        .where(lte(userKeys.expiresAt, now))
        .returning({ name: userKeys.name });
      return rows.length;
    },
  };
}
export type KeysRepo = ReturnType<typeof createKeysRepo>;
