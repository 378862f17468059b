import { canSendWithSubscription, needsPaymentAttention, type SubscriptionView } from '@chat/contract';
import type { SubscriptionDialog } from './session';

/**
 * The send check's rules. Loaded only where subscriptions are on (useSubscriptionGate imports it
 * then): the contract's billing module is not on /c/new's first paint without Stripe.
 */
export { canSendWithSubscription };

/**
 * Business §4 Subscription status, for display only (the server's gate decides): a user who may
 * send sends; past_due and unpaid are asked to update their payment method; anyone else chooses a
 * plan.
 */
export function sendDecision(user: SubscriptionView, now = Date.now()): 'send' | SubscriptionDialog {
  if (canSendWithSubscription(user, now)) return 'send';
  return needsPaymentAttention(user) ? 'payment' : 'plans';
}
