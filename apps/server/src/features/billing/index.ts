import type { FeatureModule } from '../../platform/module.js';
import { subscriptionGate } from './gate.js';
import { createBillingRepo } from './repo.js';
import { billingRoutes } from './routes.js';
import { createBillingService } from './service.js';
import { createStripeClient } from './stripe.js';

declare module '../../platform/module.js' {
  interface Services {
    /** What other features need of billing: an account's subscription ended before it goes. */
    billing: { endSubscriptionOf(userId: string): Promise<void> };
  }
}

/**
 * Subscriptions through Stripe: checkout, the billing portal and the wallet/express
 * path; the webhook that keeps each user's status, end, customer and trial eligibility; the send
 * gate (when subscriptionsEnabled); the status history for the operator. Without Stripe
 * configured there is no gate and the payment routes answer 404.
 */
export const billingModule: FeatureModule = {
  name: 'billing',
  async register({ app, db, config, use, extend, provide }) {
    const repo = createBillingRepo(db);
    const operator = use('operator');
    const billing = config.billing;
    const stripe = billing ? await createStripeClient(billing) : null;
    const service =
      billing && stripe
        ? createBillingService({
            repo,
            stripe,
            billing,
            clientOrigin: config.clientOrigin ?? 'http://localhost:3080',
          })
        : null;

    provide('billing', { endSubscriptionOf: async (userId) => service?.endSubscriptionOf(userId) });
    if (service && billing?.subscriptionsEnabled) extend('askGates', subscriptionGate(repo));

    billingRoutes(app, {
      repo,
      service,
      webhook: billing && stripe ? { repo, stripe, billing } : null,
      operator,
    });
  },
};
