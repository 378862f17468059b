import type { SubscriptionHistoryRow, SubscriptionView } from '@chat/contract';
import type { SubscriptionHistoryDbRow, UserRow } from '../../db/schema.js';

/** A user's subscription as the send gate's refusal and the client read it. */
export const presentSubscriptionView = (row: UserRow): SubscriptionView => ({
  subscriptionStatus: row.subscriptionStatus,
  subscriptionEnd: row.subscriptionEnd?.toISOString() ?? null,
});

/** One change of a user's subscription status, for the operator's history. */
export function presentHistoryEntry(h: SubscriptionHistoryDbRow): SubscriptionHistoryRow {
  return {
    eventId: h.eventId,
    eventType: h.eventType,
    oldStatus: h.oldStatus,
    newStatus: h.newStatus,
    subscriptionEnd: h.subscriptionEnd?.toISOString() ?? null,
    createdAt: h.createdAt.toISOString(),
  };
}
