import {
  canSendWithSubscription,
  needsPaymentAttention,
  opensBillingPortal,
  type SubscriptionView,
} from '@chat/contract';
import type { SubscriptionDialog } from './session';

/**
 * The send check's rules. Loaded only where subscriptions are on (useSubscriptionGate imports it
 * then): the contract's billing module is not on /c/new's first paint without Stripe.
 */
export { canSendWithSubscription };

/**
 * For display only (the server's gate decides): a user who may send sends; a subscription the
 * billing portal handles (past_due and unpaid, and incomplete, incomplete_expired, paused) goes
 * there through Update Payment Method, since a new checkout would start a second one; anyone else
 * chooses a plan.
 */
export function sendDecision(user: SubscriptionView, now = Date.now()): 'send' | SubscriptionDialog {
  if (canSendWithSubscription(user, now)) return 'send';
  return needsPaymentAttention(user) || opensBillingPortal(user, now) ? 'payment' : 'plans';
}
