import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema.js';

export function createAuthRepo(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return rows[0];
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    async countUsers(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return rows[0]?.n ?? 0;
    },
    /** Inserts a user; undefined when the e-mail is taken (unique index on lower(email)). */
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
      const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
      return rows[0];
    },
    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },
    async findSessionByHash(tokenHash: string): Promise<SessionRow | undefined> {
      const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
      return rows[0];
    },
    /**
     * Marks a session used and inserts its successor, in one transaction; false when another
     * request rotated it first (that request's successor is then committed and can be read).
     */
    async rotateSession(id: string, successor: typeof sessions.$inferInsert): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (rows.length !== 1) return false;
        await tx.insert(sessions).values(successor);
        return true;
      });
    },
    /**
     * A session is live while its family has an unrevoked, unexpired refresh token and its user
     * exists and is not deleted. One row through sessions_family_idx and the users primary key.
     */
    async isSessionLive(familyId: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.familyId, familyId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            isNull(users.deletedAt),
          ),
        )
        .limit(1);
      return rows.length === 1;
    },
    async revokeFamily(familyId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
