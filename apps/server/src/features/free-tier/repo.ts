import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { FREE_TIER_PROVIDER } from '@chat/contract';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';

const isFreeTier = eq(users.provider, FREE_TIER_PROVIDER);
/** Attempts of one sign-in against parallel first uses of the same device (each round one wins). */
const CLAIM_ROUNDS = 8;

/**
 * The free-tier accounts: at most one bound to each device fingerprint and to each address the
 * server saw (two partial unique indexes), and their messages left, spent and refunded by single
 * conditional statements so that parallel sends cannot overspend.
 */
export function createFreeTierRepo(db: Db) {
  const matching = (fingerprint: string, ip: string) =>
    and(isFreeTier, or(eq(users.fingerprint, fingerprint), eq(users.registrationIp, ip)));

  async function find(fingerprint: string, ip: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(matching(fingerprint, ip))
      .orderBy(asc(users.createdAt))
      .limit(1);
    return rows[0];
  }

  /**
   * A new account for this device, holding what the device's fingerprint or address has left: a
   * first use gets `messages`; a later one (storage cleared, or another browser behind the same
   * address) takes over the least any matching account has left, and those accounts keep their
   * conversations but give up their messages and their fingerprint and address. So no allowance is
   * minted twice, and nobody is handed another person's conversations because their device looks
   * alike or shares an address. Matching rows are locked, so parallel uses take the count once.
   */
  async function claim(
    fingerprint: string,
    ip: string,
    reportedIp: string | null,
    messages: number,
  ): Promise<{ user: UserRow; created: boolean } | undefined> {
    return db.transaction(async (tx) => {
      const previous = await tx.select().from(users).where(matching(fingerprint, ip)).for('update');
      const left = previous.length ? Math.min(...previous.map((u) => u.freeMessages ?? 0)) : messages;
      if (previous.length) {
        await tx
          .update(users)
          .set({
            freeMessages: 0,
            fingerprint: sql`CASE WHEN ${users.fingerprint} = ${fingerprint} THEN NULL ELSE ${users.fingerprint} END`,
            registrationIp: sql`CASE WHEN ${users.registrationIp} = ${ip} THEN NULL ELSE ${users.registrationIp} END`,
          })
          .where(
            inArray(
              users.id,
              previous.map((u) => u.id),
            ),
          );
      }
      const id = randomUUID();
      const [created] = await tx
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
          freeMessages: left,
          trialEligible: true,
        })
        .onConflictDoNothing()
        .returning();
      return created ? { user: created, created: previous.length === 0 } : undefined;
    });
  }

  return {
    find,

    /**
     * `claim`, again while a parallel use of the same device inserted first (its row was not yet
     * visible to this one's lock): each round one of them wins, so a few rounds settle any burst.
     */
    async findOrCreate(
      fingerprint: string,
      ip: string,
      reportedIp: string | null,
      messages: number,
    ): Promise<{ user: UserRow; created: boolean } | undefined> {
      for (let round = 0; round < CLAIM_ROUNDS; round++) {
        const claimed = await claim(fingerprint, ip, reportedIp, messages);
        if (claimed) return claimed;
      }
      return undefined;
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
