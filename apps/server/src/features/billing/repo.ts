import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SubscriptionHistoryRow } from '@chat/contract';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { stripeEvents, subscriptionHistory, users, type UserRow } from '../../db/schema.js';
import { presentHistoryEntry } from './presenter.js';

/** A subscription's state as Stripe reports it, in the user's terms. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: string;
  end: Date | null;
  /** The subscription had a trial: the user is no longer eligible for one. */
  trialUsed: boolean;
}

const ENDED = ['canceled', 'incomplete_expired'];
const isLive = (status: string | null): boolean => status !== null && !ENDED.includes(status);

/** What became of an event: applied, already applied, older than what is applied, or about no user. */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_user';

export interface EventRef {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
}

/**
 * The users' subscription fields, the Stripe events already applied and the history of status
 * changes. An event's change is one transaction: its id recorded (a second delivery finds it and
 * changes nothing), the user row locked, the change and its history row.
 */
export function createBillingRepo(db: Db) {
  async function lockUser(tx: Executor, by: { userId?: string | null; customerId?: string | null }) {
    const where = by.userId
      ? eq(users.id, by.userId)
      : by.customerId
        ? eq(users.customerId, by.customerId)
        : undefined;
    if (!where) return undefined;
    const [row] = await tx
      .select()
      .from(users)
      .where(and(where, isNull(users.deletedAt)))
      .for('update')
      .limit(1);
    return row;
  }

  /** Writes the state on a locked user; a status change leaves a history row. */
  async function write(
    tx: Executor,
    user: UserRow,
    state: SubscriptionState,
    at: number,
    event: EventRef | null,
  ) {
    await tx
      .update(users)
      .set({
        customerId: user.customerId ?? state.customerId,
        subscriptionId: state.subscriptionId,
        subscriptionStatus: state.status,
        subscriptionEnd: state.end,
        subscriptionEventAt: Math.max(at, user.subscriptionEventAt ?? 0),
        trialEligible: user.trialEligible && !state.trialUsed,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    if (user.subscriptionStatus !== state.status) {
      await tx.insert(subscriptionHistory).values({
        userId: user.id,
        eventId: event?.id ?? null,
        eventType: event?.type ?? 'server',
        oldStatus: user.subscriptionStatus,
        newStatus: state.status,
        subscriptionEnd: state.end,
      });
    }
  }

  return {
    async user(userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    /** Keeps the user's Stripe customer unless one is already kept: the one the user has now. */
    async setCustomer(userId: string, customerId: string): Promise<string> {
      const [set] = await db
        .update(users)
        .set({ customerId })
        .where(and(eq(users.id, userId), isNull(users.customerId)))
        .returning({ customerId: users.customerId });
      if (set?.customerId) return set.customerId;
      const [row] = await db.select({ customerId: users.customerId }).from(users).where(eq(users.id, userId));
      return row?.customerId ?? customerId;
    },

    /** Whether an event was already applied (a cheap check before asking Stripe anything). */
    async seen(eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(eq(stripeEvents.id, eventId));
      return row !== undefined;
    },

    /**
     * Applies an event once: `state` (null: the event changes nothing of the user) to the user it
     * names, unless a newer event was applied already.
     */
    async applyEvent(
      event: EventRef,
      who: { userId?: string | null; customerId?: string | null },
      state: SubscriptionState | null,
    ): Promise<EventOutcome> {
      return db.transaction(async (tx) => {
        const recorded = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type, created: event.created })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id });
        if (recorded.length === 0) return 'duplicate';
        const user = await lockUser(tx, who);
        if (!user) return 'unknown_user';
        if (!state) return 'applied';
        if (user.subscriptionEventAt !== null && event.created < user.subscriptionEventAt) return 'stale';
        // An ended subscription never replaces another one that is still live (a late event
        // about an earlier subscription of the user).
        if (
          user.subscriptionId !== null &&
          user.subscriptionId !== state.subscriptionId &&
          isLive(user.subscriptionStatus) &&
          !isLive(state.status)
        ) {
          return 'stale';
        }
        await write(tx, user, state, event.created, event);
        return 'applied';
      });
    },

    /** A change the server makes from Stripe's own answer (a trial started on the express path). */
    async applyState(userId: string, state: SubscriptionState): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await lockUser(tx, { userId });
        if (user) await write(tx, user, state, Math.floor(Date.now() / 1000), null);
      });
    },

    /** The status changes of the user with this address, newest first. */
    async history(email: string): Promise<SubscriptionHistoryRow[]> {
      const rows = await db
        .select({ h: subscriptionHistory })
        .from(subscriptionHistory)
        .innerJoin(users, eq(users.id, subscriptionHistory.userId))
        .where(sql`lower(${users.email}) = lower(${email})`)
        .orderBy(desc(subscriptionHistory.createdAt), desc(subscriptionHistory.id));
      return rows.map(({ h }) => presentHistoryEntry(h));
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
