/**
 * Subscriptions and payments: the plans, the
 * statuses and what they allow, and the texts. Zod-free: the chat's send check reads it on the
 * first paint. The route rows and their schemas are in billing-schemas.ts.
 */

export const PLAN_IDS = ['trial', 'weekly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** The price as shown: cents / 100 with 2 decimals. */
  price: string;
  period: string;
  /** Cents. */
  amount: number;
  interval: 'week' | 'year';
  badge?: string;
  save?: string;
  currency: string;
  /** The plan starts with the free trial (then bills as weekly). */
  isEligibleForTrial: boolean;
}

/** Currency and country of every payment (the wallet/express path). */
export const PAYMENT_CURRENCY = 'usd';
export const PAYMENT_COUNTRY = 'US';
/** The free trial's length; it then bills as the weekly plan. */
export const TRIAL_DAYS = 3;
/** The wallet/express path bills the weekly plan as 7 days. */
export const WEEKLY_BILLING_DAYS = 7;
/** Where the wallet/express path returns (with `redirect_status=succeeded`). */
export const PAYMENT_RETURN_PATH = '/c/new';
/** Stripe's browser SDK (the release @stripe/stripe-js expects); STRIPE_JS_URL's default. */
export const STRIPE_JS_DEFAULT_URL = 'https://js.stripe.com/endive/stripe.js';
/** The express checkout button's height (px). */
export const EXPRESS_CHECKOUT_HEIGHT_PX = 48;

/** Cents as the plans show them: "$5.99". */
export const formatCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

const WEEKLY_CENTS = 599;
const YEARLY_CENTS = 8999;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  trial: {
    id: 'trial',
    name: '3-DAY FREE TRIAL',
    price: formatCents(WEEKLY_CENTS),
    period: 'week',
    amount: WEEKLY_CENTS,
    interval: 'week',
    currency: PAYMENT_CURRENCY,
    isEligibleForTrial: true,
  },
  weekly: {
    id: 'weekly',
    name: 'Weekly Access',
    price: formatCents(WEEKLY_CENTS),
    period: 'week',
    amount: WEEKLY_CENTS,
    interval: 'week',
    currency: PAYMENT_CURRENCY,
    isEligibleForTrial: false,
  },
  yearly: {
    id: 'yearly',
    name: 'Yearly',
    price: formatCents(YEARLY_CENTS),
    period: 'year',
    amount: YEARLY_CENTS,
    interval: 'year',
    badge: 'Save 70%',
    save: '70%',
    currency: PAYMENT_CURRENCY,
    isEligibleForTrial: false,
  },
};

/** Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'incomplete',
  'canceled',
  'past_due',
  'unpaid',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that allow sending (with a subscriptionEnd in the future). */
export const VALID_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'trialing',
  'active',
  'incomplete',
  'canceled',
];
/** A payment needs attention: the Update Payment Method dialog (billing portal). */
export const ATTENTION_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['past_due', 'unpaid'];
/** Statuses that send the user to the billing portal rather than to a new checkout. */
export const PORTAL_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'past_due',
  'unpaid',
  'paused',
];

/**
 * Statuses of a subscription that still bills (or will): a new checkout would charge twice, so
 * the user manages it in the billing portal instead.
 */
export const BILLING_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
];

export const isSubscriptionStatus = (s: unknown): s is SubscriptionStatus =>
  typeof s === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(s);

/** What the send check and the portal choice read of a user. */
export interface SubscriptionView {
  subscriptionStatus: string | null;
  /** ISO date. */
  subscriptionEnd: string | null;
}

const endsAfter = (end: string | null, now: number): boolean =>
  end !== null && Number.isFinite(Date.parse(end)) && Date.parse(end) > now;

/** Sending is allowed for a valid status with a subscriptionEnd in the future. */
export function canSendWithSubscription(user: SubscriptionView, now = Date.now()): boolean {
  const status = user.subscriptionStatus;
  return (
    isSubscriptionStatus(status) &&
    VALID_SUBSCRIPTION_STATUSES.includes(status) &&
    !ATTENTION_SUBSCRIPTION_STATUSES.includes(status) &&
    endsAfter(user.subscriptionEnd, now)
  );
}

/** past_due or unpaid: the refusal opens Update Payment Method, not the plan chooser. */
export function needsPaymentAttention(user: Pick<SubscriptionView, 'subscriptionStatus'>): boolean {
  const status = user.subscriptionStatus;
  return isSubscriptionStatus(status) && ATTENTION_SUBSCRIPTION_STATUSES.includes(status);
}

/** Starting a subscription: the billing portal, or a new checkout. */
export function opensBillingPortal(user: SubscriptionView, now = Date.now()): boolean {
  const status = user.subscriptionStatus;
  return (
    endsAfter(user.subscriptionEnd, now) ||
    (isSubscriptionStatus(status) && PORTAL_SUBSCRIPTION_STATUSES.includes(status))
  );
}

/** The texts of subscriptions and payments, in English (clients translate by key). */
export const BILLING_TEXTS = {
  noCustomer: 'No customer ID found. Please ensure you are logged in.',
  portalFailed: 'Failed to redirect to the customer portal. Please try again.',
  noSubscription: 'No subscription found. Send a chat message to buy one.',
  checkoutFailed: 'Checkout failed',
  checkoutError: 'Something went wrong while starting checkout. Please try again.',
  emailMissing: 'Email field is missing.',
  paymentUnavailable: 'Payment system not available',
  paymentInitFailed: 'Failed to initialize payment system',
  paymentCreateFailed: 'Failed to create payment interface',
  paymentMountFailed: 'Failed to mount payment interface',
  paymentFailed: 'Payment failed',
  walletUnsupported: 'This device does not support Apple Pay or Google Pay.',
  selectPlan: 'Please select a plan to continue.',
  trialUsed: 'You have already used your free trial',
  /** The server's refusals of a send (402); the client opens the dialog their code names. */
  subscriptionRequired: 'A valid subscription is required to send messages.',
  subscriptionPastDue: 'Your payment needs attention: update your payment method to keep sending messages.',
  subscriptionsDisabled: 'Subscriptions are not enabled on this server.',
  alreadySubscribed: 'You already have a subscription. Manage it in the billing portal.',
} as const;
