import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { premiumUses, users } from '../../db/schema.js';

/**
 * Premium-model uses per user and UTC day. A use is taken by one conditional upsert: the day's row
 * is made with 1, or counted up only while it is below the allowance, so parallel sends can never
 * take more than the allowance (the row lock of ON CONFLICT serialises them).
 */
export function createPremiumRepo(db: Db) {
  return {
    /** What decides whether the user is basic: the subscription fields. */
    async subscriptionOf(userId: string) {
      const [row] = await db
        .select({ status: users.subscriptionStatus, end: users.subscriptionEnd })
        .from(users)
        .where(eq(users.id, userId));
      return {
        subscriptionStatus: row?.status ?? null,
        subscriptionEnd: row?.end?.toISOString() ?? null,
      };
    },

    /** Takes one use of `day` when fewer than `allowance` are taken: the uses after it, else null. */
    async take(userId: string, day: string, allowance: number): Promise<number | null> {
      if (allowance < 1) return null;
      const rows = await db
        .insert(premiumUses)
        .values({ userId, day, uses: 1 })
        .onConflictDoUpdate({
          target: [premiumUses.userId, premiumUses.day],
          set: { uses: sql`${premiumUses.uses} + 1` },
          setWhere: sql`${premiumUses.uses} < ${allowance}`,
        })
        .returning({ uses: premiumUses.uses });
      return rows[0]?.uses ?? null;
    },

    /** Gives one use of `day` back (nothing went upstream). */
    async giveBack(userId: string, day: string): Promise<void> {
      await db
        .update(premiumUses)
        .set({ uses: sql`${premiumUses.uses} - 1` })
        .where(and(eq(premiumUses.userId, userId), eq(premiumUses.day, day), gt(premiumUses.uses, 0)));
    },

    /** The uses taken on `day` (tests, the operator). */
    async used(userId: string, day: string): Promise<number> {
      const [row] = await db
        .select({ uses: premiumUses.uses })
        .from(premiumUses)
        .where(and(eq(premiumUses.userId, userId), eq(premiumUses.day, day)));
      return row?.uses ?? 0;
    },
  };
}
export type PremiumRepo = ReturnType<typeof createPremiumRepo>;
