import { z } from 'zod';
import { PLAN_IDS } from './billing.js';
import { route } from './route-def.js';

/** Checkout request. `email` is checked by the server (Email field is missing.). */
export const checkoutRequestSchema = z.object({
  plan: z.enum(PLAN_IDS),
  email: z.string().trim().max(320).optional(),
  fingerprint: z.string().max(200).optional(),
  /** Ignored beyond a hint: the server uses the caller's own customer. */
  customerId: z.string().max(255).nullish(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
/** The Stripe Checkout address, or `showWithoutTrial` (the trial is used: retry without it). */
export const checkoutResponseSchema = z.object({
  url: z.string().optional(),
  showWithoutTrial: z.boolean().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const portalRequestSchema = z.object({ customerId: z.string().max(255).nullish() });
export const portalResponseSchema = z.object({ url: z.string() });

/** Payment intent request (the wallet/express path). */
export const paymentIntentRequestSchema = z.object({
  metadata: z.object({ plan_id: z.enum(PLAN_IDS), plan_name: z.string().max(100).optional() }),
  userEmail: z.string().trim().max(320).optional(),
});
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;
/** `trialing`: the trial started without a charge; else the client confirms `client_secret`. */
export const paymentIntentResponseSchema = z.object({
  status: z.literal('trialing').optional(),
  client_secret: z.string().optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const webhookResponseSchema = z.object({ received: z.literal(true) });

export const subscriptionHistoryQuerySchema = z.object({ email: z.string().trim().email().max(320) });
/** One change of a user's subscription status. */
export const subscriptionHistoryRowSchema = z.object({
  /** The Stripe event that changed it; null for a change the server made itself (a trial started). */
  eventId: z.string().nullable(),
  eventType: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionHistoryRow = z.infer<typeof subscriptionHistoryRowSchema>;
export const subscriptionHistoryResponseSchema = z.object({
  history: z.array(subscriptionHistoryRowSchema),
});

/** Payments, and the Stripe webhook. */
export const BILLING_ROUTES = {
  createCheckoutSession: route({
    method: 'POST',
    path: '/api/payment/createStripeCheckoutSession',
    summary: 'A Stripe Checkout session for a plan (or showWithoutTrial when the trial is used)',
    body: checkoutRequestSchema,
    response: checkoutResponseSchema,
  }),
  createPortalSession: route({
    method: 'POST',
    path: '/api/payment/createPortalSession',
    summary: "A Stripe billing portal session for the caller's customer",
    body: portalRequestSchema,
    response: portalResponseSchema,
  }),
  createPaymentIntent: route({
    method: 'POST',
    path: '/api/stripe/create-payment-intent',
    summary: 'Starts a subscription on the wallet/express path: trialing, or a client_secret to confirm',
    body: paymentIntentRequestSchema,
    response: paymentIntentResponseSchema,
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/api/stripe/webhook',
    summary: "Stripe's events (raw JSON body, Stripe-Signature checked)",
    public: true,
    response: webhookResponseSchema,
  }),
  subscriptionHistory: route({
    method: 'GET',
    path: '/api/admin/getSubscriptionHistory',
    summary: "A user's subscription status changes (the operator's account only)",
    query: subscriptionHistoryQuerySchema,
    response: subscriptionHistoryResponseSchema,
  }),
} as const;
