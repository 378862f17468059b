import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { FREE_TIER_PROVIDER } from '@chat/contract';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';

const isFreeTier = eq(users.provider, FREE_TIER_PROVIDER);

/**
 * The free-tier accounts: one per device fingerprint and per address the server saw (two partial
 * unique indexes), and their messages left, spent and refunded by single conditional statements
 * so that parallel sends cannot overspend.
 */
export function createFreeTierRepo(db: Db) {
  async function find(fingerprint: string, ip: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(and(isFreeTier, or(eq(users.fingerprint, fingerprint), eq(users.registrationIp, ip))))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return rows[0];
  }

  return {
    find,

    /**
     * The device's account, made with `messages` when neither its fingerprint nor its address has
     * one. A parallel first use loses the insert to the unique indexes and finds the winner's.
     */
    async findOrCreate(
      fingerprint: string,
      ip: string,
      reportedIp: string | null,
      messages: number,
    ): Promise<{ user: UserRow; created: boolean } | undefined> {
      const found = await find(fingerprint, ip);
      if (found) return { user: found, created: false };
      const id = randomUUID();
      const [created] = await db
        .insert(users)
        .values({
          id,
          // A derived address nobody can sign in with (no password): the account is the device's.
          email: `freetier-${id}@free-tier.invalid`,
          name: 'Free Tier',
          provider: FREE_TIER_PROVIDER,
          fingerprint,
          registrationIp: ip,
          reportedIp,
          freeMessages: messages,
          trialEligible: true,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return { user: created, created: true };
      const winner = await find(fingerprint, ip);
      return winner ? { user: winner, created: false } : undefined;
    },

    async provider(userId: string): Promise<string | undefined> {
      const rows = await db.select({ provider: users.provider }).from(users).where(eq(users.id, userId));
      return rows[0]?.provider;
    },

    /** Spends one message if any is left: the messages left after it, else null (none to spend). */
    async spend(userId: string): Promise<number | null> {
      const rows = await db
        .update(users)
        .set({ freeMessages: sql`${users.freeMessages} - 1` })
        .where(and(eq(users.id, userId), isFreeTier, gt(users.freeMessages, 0)))
        .returning({ left: users.freeMessages });
      return rows[0]?.left ?? null;
    },

    async refund(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ freeMessages: sql`${users.freeMessages} + 1` })
        .where(and(eq(users.id, userId), isFreeTier));
    },
  };
}
export type FreeTierRepo = ReturnType<typeof createFreeTierRepo>;
