import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.js';

/**
 * Stripe events already applied, by event id: a delivery of one again (Stripe retries, replays)
 * changes nothing. Written in the same transaction as the change the event made.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's `created`, Unix seconds. */
  created: bigint('created', { mode: 'number' }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a user's subscription status, for the operator. */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Stripe event; null for a change the server made from Stripe's answer (a trial started). */
    eventId: text('event_id'),
    eventType: text('event_type').notNull(),
    oldStatus: text('old_status'),
    newStatus: text('new_status'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_history_user_idx').on(t.userId, t.createdAt)],
);
export type SubscriptionHistoryDbRow = typeof subscriptionHistory.$inferSelect;
