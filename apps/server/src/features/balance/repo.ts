import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { addRefillInterval, type AutoRefill } from './yaml.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { balances, transactions, users } from '../../db/schema.js';

/** What a transaction row records besides the change itself. */
export interface TransactionNote {
  model?: string | undefined;
  promptTokens?: number | undefined;
  completionTokens?: number | undefined;
  conversationId?: string | undefined;
  messageId?: string | undefined;
  reason?: string | undefined;
}

type Kind = (typeof transactions.$inferInsert)['kind'];

/**
 * Balances and their transactions. Every change is one database transaction holding the balance's
 * update and its transaction row; a take is one conditional UPDATE (`… WHERE token_credits >=
 * amount`), so concurrent takes of one user can never overdraw it.
 */
export function createBalanceRepo(db: Db, startBalance: number) {
  async function record(
    tx: Executor,
    userId: string,
    kind: Kind,
    amount: number,
    after: number,
    note: TransactionNote,
  ) {
    await tx.insert(transactions).values({
      userId,
      kind,
      amount,
      balanceAfter: after,
      model: note.model ?? null,
      promptTokens: note.promptTokens ?? null,
      completionTokens: note.completionTokens ?? null,
      conversationId: note.conversationId ?? null,
      messageId: note.messageId ?? null,
      reason: note.reason ?? null,
    });
  }

  /** Adds `delta` (negative: takes, only when the balance covers it): the balance after, or undefined. */
  async function change(tx: Executor, userId: string, delta: number): Promise<number | undefined> {
    const [row] = await tx
      .update(balances)
      .set({ tokenCredits: sql`${balances.tokenCredits} + ${delta}`, updatedAt: new Date() })
      .where(and(eq(balances.userId, userId), gte(balances.tokenCredits, Math.max(0, -delta))))
      .returning({ tokenCredits: balances.tokenCredits });
    return row?.tokenCredits;
  }

  async function ensureIn(tx: Executor, userId: string): Promise<void> {
    const made = await tx
      .insert(balances)
      .values({ userId, tokenCredits: startBalance })
      .onConflictDoNothing()
      .returning({ tokenCredits: balances.tokenCredits });
    if (made.length) await record(tx, userId, 'start', startBalance, startBalance, {});
  }

  const repo = {
    /** Gives a user without a balance the starting one (with its transaction); idempotent. */
    async ensure(userId: string): Promise<void> {
      await db.transaction((tx) => ensureIn(tx, userId));
    },

    /**
     * Adds `amount` inside the caller's transaction (a bonus recorded with what earned it): the
     * balance after. A user without a balance gets the starting one first.
     */
    async creditIn(tx: Executor, userId: string, amount: number, note: TransactionNote): Promise<number> {
      await ensureIn(tx, userId);
      const after = (await change(tx, userId, amount)) ?? 0;
      await record(tx, userId, 'bonus', amount, after, note);
      return after;
    },

    /** The user's subscription fields (a valid subscription pays instead of credits). */
    async subscriptionOf(userId: string) {
      const [row] = await db
        .select({ status: users.subscriptionStatus, end: users.subscriptionEnd })
        .from(users)
        .where(eq(users.id, userId));
      return { subscriptionStatus: row?.status ?? null, subscriptionEnd: row?.end?.toISOString() ?? null };
    },

    /** The user's credits (a user without a row gets the starting balance first). */
    async get(userId: string): Promise<number> {
      await repo.ensure(userId);
      const [row] = await db
        .select({ tokenCredits: balances.tokenCredits })
        .from(balances)
        .where(eq(balances.userId, userId));
      return row?.tokenCredits ?? 0;
    },

    /**
     * Takes `amount` when the balance covers it, in one conditional update: the balance after, or
     * undefined (nothing taken) when it does not.
     */
    async take(userId: string, amount: number, kind: 'reserve' | 'spend', note: TransactionNote) {
      await repo.ensure(userId);
      return db.transaction(async (tx) => {
        const after = await change(tx, userId, -amount);
        if (after !== undefined) await record(tx, userId, kind, -amount, after, note);
        return after;
      });
    },

    /** Adds `amount` (an operator's issue, or a reservation given back). The balance after. */
    async give(userId: string, amount: number, kind: 'issue' | 'settle', note: TransactionNote) {
      await repo.ensure(userId);
      return db.transaction(async (tx) => {
        const after = (await change(tx, userId, amount)) ?? 0;
        await record(tx, userId, kind, amount, after, note);
        return after;
      });
    },

    /**
     * Settles a reservation: `delta` credits more (positive) or fewer (negative) than reserved. A
     * charge the balance cannot fully cover takes what is left (the balance stops at zero) and
     * the row records what was really taken.
     */
    async settle(userId: string, delta: number, note: TransactionNote): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ tokenCredits: balances.tokenCredits })
          .from(balances)
          .where(eq(balances.userId, userId))
          .for('update');
        const before = row?.tokenCredits ?? 0;
        const applied = delta > 0 ? -Math.min(delta, before) : -delta;
        const after = (await change(tx, userId, applied)) ?? before;
        await record(tx, userId, 'settle', applied, after, note);
        return after;
      });
    },

    /**
     * librechat.yaml auto-refill: adds `refill.amount` when one interval has passed since the last
     * refill (or since the balance was started), at most once per interval however many passed,
     * as LibreChat does. The balance row is locked while deciding, so concurrent sends refill once.
     * The balance after a refill, or undefined when none was due.
     */
    async refillIfDue(userId: string, refill: AutoRefill, now: Date): Promise<number | undefined> {
      await repo.ensure(userId);
      return db.transaction(async (tx) => {
        await tx
          .select({ userId: balances.userId })
          .from(balances)
          .where(eq(balances.userId, userId))
          .for('update');
        const [last] = await tx
          .select({ at: transactions.createdAt })
          .from(transactions)
          .where(and(eq(transactions.userId, userId), inArray(transactions.kind, ['start', 'refill'])))
          .orderBy(desc(transactions.createdAt))
          .limit(1);
        if (last && now < addRefillInterval(last.at, refill.intervalValue, refill.intervalUnit))
          return undefined;
        const after = (await change(tx, userId, refill.amount)) ?? 0;
        await tx.insert(transactions).values({
          userId,
          kind: 'refill',
          amount: refill.amount,
          balanceAfter: after,
          reason: 'auto-refill',
          // The time the interval is measured from next: the app's clock, not the database's.
          createdAt: now,
        });
        return after;
      });
    },

    /** The live account of an e-mail address (case-insensitive), for the operator's adjustments. */
    async findUserIdByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
      return row?.id;
    },
  };
  return repo;
}
export type BalanceRepo = ReturnType<typeof createBalanceRepo>;
