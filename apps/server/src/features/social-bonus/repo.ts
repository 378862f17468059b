import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { socialBonusClaims, users } from '../../db/schema.js';

/**
 * Claims of the social-media bonus: at most one per user and platform (a unique index), written
 * in the same transaction as the credit, so a claim that loses a race credits nothing.
 */
export function createSocialBonusRepo(db: Db) {
  return {
    async provider(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ provider: users.provider }).from(users).where(eq(users.id, userId));
      return row?.provider;
    },

    async claimed(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ platform: socialBonusClaims.platform })
        .from(socialBonusClaims)
        .where(eq(socialBonusClaims.userId, userId));
      return new Set(rows.map((r) => r.platform));
    },

    /**
     * Records the claim and runs `credit` in one transaction: the credit's answer, or undefined
     * when the platform was claimed already (nothing credited).
     */
    async claim<T>(
      userId: string,
      platform: string,
      tokens: number,
      credit: (tx: Executor) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const made = await tx
          .insert(socialBonusClaims)
          .values({ userId, platform, tokens })
          .onConflictDoNothing()
          .returning({ id: socialBonusClaims.id });
        if (made.length === 0) return undefined;
        return credit(tx);
      });
    },
  };
}

export type SocialBonusRepo = ReturnType<typeof createSocialBonusRepo>;
