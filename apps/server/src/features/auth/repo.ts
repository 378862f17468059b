import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  identityTokens,
  oauthIdentities,
  sessions,
  users,
  type SessionRow,
  type UserRow,
} from '../../db/schema.js';

export type IdentityTokenKind = 'reset_password' | 'verify_email';

/**
 * A new account with its sign-in identity (OpenID, LDAP, a social provider), in one transaction;
 * undefined when the e-mail is taken.
 */
export function insertUserWithIdentity(
  db: Db,
  values: typeof users.$inferInsert,
  identity: { provider: string; subject: string },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.insert(users).values(values).onConflictDoNothing().returning();
    const user = rows[0];
    if (user) await tx.insert(oauthIdentities).values({ ...identity, userId: user.id });
    return user;
  });
}

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
    /** The account a directory (or provider) identity was linked to. */
    async findLinkedUser(provider: string, subject: string): Promise<UserRow | undefined> {
      const rows = await db
        .select({ user: users })
        .from(oauthIdentities)
        .innerJoin(users, eq(users.id, oauthIdentities.userId))
        .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
        .limit(1);
      return rows[0]?.user;
    },
    async linkIdentity(userId: string, identity: { provider: string; subject: string }): Promise<void> {
      await db
        .insert(oauthIdentities)
        .values({ ...identity, userId })
        .onConflictDoNothing();
    },
    /** A new account with its identity, in one transaction; undefined when the e-mail is taken. */
    insertLinkedUser: (values: typeof users.$inferInsert, identity: { provider: string; subject: string }) =>
      insertUserWithIdentity(db, values, identity),
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
    /** Replaces the user's unused tokens of this kind with a new one (one link live at a time). */
    async replaceIdentityToken(userId: string, kind: IdentityTokenKind, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(identityTokens)
          .where(
            and(
              eq(identityTokens.userId, userId),
              eq(identityTokens.kind, kind),
              isNull(identityTokens.usedAt),
            ),
          );
        await tx.insert(identityTokens).values({ userId, kind, tokenHash, expiresAt });
      });
    },
    /**
     * Spends a token: marks it used if it is of this kind, unused and unexpired, in one statement
     * (two requests with the same token: one wins). Returns its user's id.
     */
    async spendIdentityToken(kind: IdentityTokenKind, tokenHash: string): Promise<string | undefined> {
      const rows = await db
        .update(identityTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(identityTokens.tokenHash, tokenHash),
            eq(identityTokens.kind, kind),
            isNull(identityTokens.usedAt),
            gt(identityTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: identityTokens.userId });
      return rows[0]?.userId;
    },
    async setPassword(userId: string, passwordHash: string, verified: boolean): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, ...(verified ? { emailVerified: true } : {}), updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
    /**
     * Replaces a password hash by another of the same password, only while the stored one is still
     * `previous` (a reset in between wins).
     */
    async replacePasswordHash(userId: string, previous: string, next: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash: next })
        .where(and(eq(users.id, userId), eq(users.passwordHash, previous)));
    },
    async markEmailVerified(userId: string): Promise<void> {
      await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    },
    /** Revokes every live session of the user; answers their family ids. */
    async revokeAllOf(userId: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ familyId: sessions.familyId });
      return [...new Set(rows.map((r) => r.familyId))];
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
