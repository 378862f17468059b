import {
  BILLING_TEXTS,
  canSendWithSubscription,
  isFreeTierUser,
  needsPaymentAttention,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { AskGate } from '../ask/index.js';
import type { BillingRepo } from './repo.js';
import { presentSubscriptionView } from './presenter.js';

/**
 * The subscription gate: a send needs a valid status and a subscriptionEnd in the
 * future, read from the database on every send (webhooks change it at any time). A refusal is a
 * 402 the client maps to its dialog: subscription_past_due (Update Payment Method) for past_due
 * and unpaid, subscription_required (the plan chooser) otherwise.
 */
export function subscriptionGate(repo: BillingRepo): AskGate {
  return {
    name: 'subscription',
    // Who may send at all comes after the rules for everyone (concurrency, the text's moderation).
    after: ['concurrent messages', 'openai moderation'],
    async check(ctx) {
      const user = await repo.user(ctx.input.userId);
      // A free-tier user sends on free messages (features/free-tier's gate), not a subscription.
      if (isFreeTierUser(user)) return;
      const view = user ? presentSubscriptionView(user) : { subscriptionStatus: null, subscriptionEnd: null };
      if (canSendWithSubscription(view)) return;
      if (needsPaymentAttention(view)) {
        throw new AppError('subscription_past_due', BILLING_TEXTS.subscriptionPastDue);
      }
      throw new AppError('subscription_required', BILLING_TEXTS.subscriptionRequired);
    },
  };
}
