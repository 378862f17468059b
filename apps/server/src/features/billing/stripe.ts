import type Stripe from 'stripe';
import type { BillingConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { lazyModule } from '../../platform/lazy.js';
import type { SubscriptionState } from './repo.js';

/** The SDK, loaded only where Stripe is configured. */
export const stripeSdk = lazyModule('stripe', () => import('stripe').then((m) => m.default));

/** The official SDK pointed at STRIPE_API_BASE (Stripe's own, or a local Stripe-compatible server). */
export async function createStripeClient(billing: BillingConfig): Promise<Stripe> {
  const base = new URL(billing.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const StripeClient = await stripeSdk.load();
  return new StripeClient(billing.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'chat-server' },
  });
}

/** A Stripe failure as the API's error: Stripe's message for a refusal (502 payment_error). */
export function paymentError(err: unknown): AppError {
  const sdk = stripeSdk.peek();
  if (sdk && err instanceof sdk.errors.StripeError) {
    return new AppError('payment_error', err.message);
  }
  return new AppError('payment_error', 'The payment provider could not be reached');
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/**
 * The user's view of a subscription: its status, and the end of what is paid for (the trial's
 * end while trialing, else the current period's end; older API versions keep that on the
 * subscription, newer ones on its item).
 */
export function stateOf(sub: Stripe.Subscription): SubscriptionState {
  const legacyEnd = (sub as unknown as { current_period_end?: unknown }).current_period_end;
  const periodEnd =
    sub.items.data[0]?.current_period_end ?? (typeof legacyEnd === 'number' ? legacyEnd : null);
  const endSeconds = sub.status === 'trialing' && sub.trial_end ? sub.trial_end : periodEnd;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    end: endSeconds ? new Date(endSeconds * 1000) : null,
    trialUsed: sub.trial_start !== null || sub.trial_end !== null,
  };
}

/** The subscription an event is about (a Checkout session's, an invoice's, or the subscription). */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return typeof object.id === 'string' ? object.id : null;
    case 'checkout.session.completed':
      return idOf(object.subscription as string | { id: string } | null);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // API 2025-03-31 and later: parent.subscription_details.subscription; before: subscription.
      const parent = object.parent as
        { subscription_details?: { subscription?: unknown } } | null | undefined;
      const sub = parent?.subscription_details?.subscription ?? object.subscription;
      return idOf(sub as string | { id: string } | null | undefined);
    }
    default:
      return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Stripe customer an event names, and the user a Checkout session was made for (its client_reference_id). */
export function ownerOf(event: Stripe.Event): { customerId: string | null; userId: string | null } {
  const object = event.data.object as unknown as Record<string, unknown>;
  const customerId = idOf(object.customer as string | { id: string } | null | undefined);
  const ref = event.type === 'checkout.session.completed' ? object.client_reference_id : null;
  return { customerId, userId: typeof ref === 'string' && UUID.test(ref) ? ref : null };
}
