import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertUserWithIdentity } from '../auth/index.js';
import { oauthFlows, oauthIdentities, sessions, users, type UserRow } from '../../db/schema.js';

export function createOAuthRepo(db: Db) {
  return {
    async saveFlow(values: typeof oauthFlows.$inferInsert): Promise<void> {
      // Abandoned sign-ins are dropped as new ones start.
      await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, sql`now()`));
      await db.insert(oauthFlows).values(values);
    },
    /** Spends a flow (one DELETE: two callbacks with one state, one wins); undefined when none is live. */
    async spendFlow(stateHash: string, provider: string) {
      const rows = await db
        .delete(oauthFlows)
        .where(
          and(
            eq(oauthFlows.stateHash, stateHash),
            eq(oauthFlows.provider, provider),
            gt(oauthFlows.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return rows[0];
    },
    async findLinkedUser(provider: string, subject: string): Promise<UserRow | undefined> {
      const rows = await db
        .select({ user: users })
        .from(oauthIdentities)
        .innerJoin(users, eq(users.id, oauthIdentities.userId))
        .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
        .limit(1);
      return rows[0]?.user;
    },
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return rows[0];
    },
    async countUsers(): Promise<number> {
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return rows[0]?.n ?? 0;
    },
    /** The account's role, as its identity provider says it now is. */
    async setRole(userId: string, role: UserRow['role']): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return rows[0];
    },
    async hasIdentity(userId: string, provider: string): Promise<boolean> {
      const rows = await db
        .select({ userId: oauthIdentities.userId })
        .from(oauthIdentities)
        .where(and(eq(oauthIdentities.userId, userId), eq(oauthIdentities.provider, provider)))
        .limit(1);
      return rows.length > 0;
    },
    /** A new account with its identity, in one transaction; undefined when the e-mail is taken. */
    createLinkedUser: (values: typeof users.$inferInsert, identity: { provider: string; subject: string }) =>
      insertUserWithIdentity(db, values, identity),
    /**
     * Links an identity to an existing account. `claim`: the account's address was never
     * confirmed, so whoever set its password never proved it theirs: the password and every
     * session end, and the address is marked confirmed (the provider vouched for it).
     */
    async link(user: UserRow, identity: { provider: string; subject: string }, claim: boolean) {
      return db.transaction(async (tx) => {
        await tx
          .insert(oauthIdentities)
          .values({ ...identity, userId: user.id })
          .onConflictDoNothing();
        if (!claim) return [];
        await tx
          .update(users)
          .set({ emailVerified: true, passwordHash: null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
          .returning({ familyId: sessions.familyId });
        return [...new Set(ended.map((r) => r.familyId))];
      });
    },
  };
}
export type OAuthRepo = ReturnType<typeof createOAuthRepo>;
