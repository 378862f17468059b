import type Stripe from 'stripe';
import {
  BILLING_SUBSCRIPTION_STATUSES,
  BILLING_TEXTS,
  isSubscriptionStatus,
  PAYMENT_RETURN_PATH,
  TRIAL_DAYS,
  type CheckoutRequest,
  type CheckoutResponse,
  type PaymentIntentRequest,
  type PaymentIntentResponse,
  type PlanId,
} from '@chat/contract';
import type { BillingConfig } from '../../config/app-config.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { BillingRepo } from './repo.js';
import { paymentError, stateOf } from './stripe.js';

/** Stripe calls fail as the API's payment_error with Stripe's message. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw paymentError(err);
  }
}

/**
 * Starting and managing a subscription: Stripe
 * Checkout, the billing portal, and the wallet/express path. Every call acts on the caller's own
 * Stripe customer (made on first use and kept on the user); a customer id in a request is never
 * trusted.
 */
export function createBillingService(deps: {
  repo: BillingRepo;
  stripe: Stripe;
  billing: BillingConfig;
  clientOrigin: string;
}) {
  const { repo, stripe, billing } = deps;
  const priceOf = (plan: PlanId): string =>
    plan === 'yearly' ? billing.prices.yearly : billing.prices.weekly;
  const returnUrl = `${deps.clientOrigin}${PAYMENT_RETURN_PATH}`;

  async function userOf(userId: string): Promise<UserRow> {
    const user = await repo.user(userId);
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    return user;
  }

  /** A subscription that still bills is managed in the portal: a second one would charge twice. */
  function refuseSecond(user: UserRow): void {
    const status = user.subscriptionStatus;
    if (isSubscriptionStatus(status) && BILLING_SUBSCRIPTION_STATUSES.includes(status)) {
      throw new AppError('conflict', BILLING_TEXTS.alreadySubscribed);
    }
  }

  async function customerOf(user: UserRow): Promise<string> {
    if (user.customerId) return user.customerId;
    const customer = await viaStripe(() =>
      stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } }),
    );
    return repo.setCustomer(user.id, customer.id);
  }

  return {
    async checkout(userId: string, body: CheckoutRequest): Promise<CheckoutResponse> {
      if (!body.email) throw new AppError('validation_error', BILLING_TEXTS.emailMissing);
      const user = await userOf(userId);
      // The trial is used: the client drops it and asks again.
      if (body.plan === 'trial' && !user.trialEligible) return { showWithoutTrial: true };
      refuseSecond(user);
      const customer = await customerOf(user);
      const session = await viaStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: user.id,
          line_items: [{ price: priceOf(body.plan), quantity: 1 }],
          ...(body.plan === 'trial' ? { subscription_data: { trial_period_days: TRIAL_DAYS } } : {}),
          success_url: `${returnUrl}?checkout=success`,
          cancel_url: returnUrl,
          metadata: { userId: user.id, plan: body.plan },
        }),
      );
      if (!session.url) throw new AppError('payment_error', BILLING_TEXTS.checkoutFailed);
      return { url: session.url };
    },

    async portal(userId: string): Promise<{ url: string }> {
      const user = await userOf(userId);
      if (!user.customerId) throw new AppError('not_found', BILLING_TEXTS.noCustomer);
      const customer = user.customerId;
      const session = await viaStripe(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    /**
     * Before an account is deleted: its subscription, if it still bills, is canceled at once, so
     * nobody is charged for an account that is gone. A Stripe failure stops the deletion.
     */
    async endSubscriptionOf(userId: string): Promise<void> {
      const user = await repo.user(userId);
      const status = user?.subscriptionStatus ?? null;
      const id = user?.subscriptionId;
      if (!id || !isSubscriptionStatus(status) || !BILLING_SUBSCRIPTION_STATUSES.includes(status)) return;
      await viaStripe(() => stripe.subscriptions.cancel(id));
    },

    /**
     * The wallet/express path: a subscription whose first invoice the browser pays with the
     * answered client_secret; with the trial, nothing is charged and the trial starts now.
     */
    async paymentIntent(userId: string, body: PaymentIntentRequest): Promise<PaymentIntentResponse> {
      const user = await userOf(userId);
      const plan = body.metadata.plan_id;
      const trial = plan === 'trial' && user.trialEligible;
      refuseSecond(user);
      const customer = await customerOf(user);
      const sub = await viaStripe(() =>
        stripe.subscriptions.create({
          customer,
          items: [{ price: priceOf(plan) }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId: user.id, plan },
          ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
        }),
      );
      if (sub.status === 'trialing') {
        // Nothing to pay: access starts now (the webhook that follows finds it applied).
        await repo.applyState(user.id, stateOf(sub));
        return { status: 'trialing' };
      }
      const invoice = sub.latest_invoice;
      const secret =
        invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined;
      if (!secret) throw new AppError('payment_error', BILLING_TEXTS.paymentFailed);
      return { client_secret: secret };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
