import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  passkeys,
  twoFactorBackupCodes,
  twoFactorSecrets,
  users,
  webauthnChallenges,
  type PasskeyRow,
  type TwoFactorSecretRow,
  type UserRow,
} from '../../db/schema.js';

/** The queries of two-factor authentication and passkeys; every one names its user. */
export function createTwoFactorRepo(db: Executor) {
  return {
    async findUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    async secretOf(userId: string): Promise<TwoFactorSecretRow | undefined> {
      const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      return row;
    },

    /**
     * A new secret and backup codes, two-factor off until confirmed (LibreChat's enable), in one
     * transaction: the old codes end with the old secret.
     */
    async start(userId: string, sealedSecret: string, codeHashes: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(twoFactorSecrets)
          .values({ userId, totpSecret: sealedSecret })
          .onConflictDoUpdate({
            target: twoFactorSecrets.userId,
            set: { totpSecret: sealedSecret, lastUsedStep: null, updatedAt: new Date() },
          });
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
        await tx.insert(twoFactorBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
        await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
      });
    },

    /**
     * Takes `step` as the newest accepted code's: true when it is later than the one before (one
     * conditional UPDATE, so two requests with the same code cannot both pass).
     */
    async useStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactorSecrets)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(twoFactorSecrets.userId, userId),
            or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
          ),
        )
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length === 1;
    },

    /** Spends an unused backup code: true once, by one conditional UPDATE. */
    async spendBackupCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorBackupCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(twoFactorBackupCodes.userId, userId),
            eq(twoFactorBackupCodes.codeHash, codeHash),
            isNull(twoFactorBackupCodes.usedAt),
          ),
        )
        .returning({ userId: twoFactorBackupCodes.userId });
      return rows.length === 1;
    },

    async replaceBackupCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
        await tx.insert(twoFactorBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    async setEnabled(userId: string, enabled: boolean): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ twoFactorEnabled: enabled })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** Two-factor off: the secret and its codes gone (LibreChat's disable); answers the user. */
    async clear(userId: string): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
        const [row] = await tx
          .update(users)
          .set({ twoFactorEnabled: false })
          .where(eq(users.id, userId))
          .returning();
        return row;
      });
    },

    async listPasskeys(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    },

    async countPasskeys(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    async findPasskeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    /** A new passkey; undefined when its credential is already registered (to anyone). */
    async insertPasskey(row: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
      const [inserted] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    /** The counter moves forward only (a cloned authenticator shows an older one). */
    async passkeyUsed(id: string, counter: number, at: Date): Promise<void> {
      await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },

    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    async deletePasskeysOf(userId: string): Promise<number> {
      const rows = await db
        .delete(passkeys)
        .where(eq(passkeys.userId, userId))
        .returning({ id: passkeys.id });
      return rows.length;
    },

    async insertChallenge(row: typeof webauthnChallenges.$inferInsert): Promise<string> {
      const [inserted] = await db
        .insert(webauthnChallenges)
        .values(row)
        .returning({ id: webauthnChallenges.id });
      return inserted!.id;
    },

    /**
     * Spends a live challenge of this kind (and user, for a registration) by one DELETE: a replayed
     * answer finds none. Expired ones are swept on the way.
     */
    async spendChallenge(
      id: string,
      kind: 'register' | 'login',
      userId: string | null,
      now: Date,
    ): Promise<string | undefined> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
      const [row] = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.id, id),
            eq(webauthnChallenges.kind, kind),
            userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return row?.challenge;
    },
  };
}
export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
