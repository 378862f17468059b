import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { BILLING_TEXTS } from '@chat/contract';
import type { BillingConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { rawBodyOf } from '../../platform/request-input.js';
import type { BillingRepo, EventOutcome } from './repo.js';
import { ownerOf, paymentError, stateOf, stripeSdk, subscriptionIdOf } from './stripe.js';

/** The events that change a user's subscription; others are acknowledged. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * Applies one verified event. The subscription it is about is read back from Stripe, so what is
 * written is Stripe's state now, whatever order events arrive in; an event older than the last
 * one applied to the user changes nothing, and one applied before (same id) is skipped. A failure
 * to read Stripe throws (the answer is not 2xx), so Stripe delivers the event again.
 */
async function applyStripeEvent(
  event: Stripe.Event,
  deps: { repo: BillingRepo; stripe: Stripe },
): Promise<EventOutcome | 'ignored'> {
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  if (await deps.repo.seen(event.id)) return 'duplicate';
  const subscriptionId = subscriptionIdOf(event);
  let state = null;
  if (subscriptionId) {
    try {
      state = stateOf(await deps.stripe.subscriptions.retrieve(subscriptionId));
    } catch (err) {
      throw paymentError(err);
    }
  }
  const owner = ownerOf(event);
  return deps.repo.applyEvent(
    { id: event.id, type: event.type, created: event.created },
    { userId: owner.userId, customerId: owner.customerId ?? state?.customerId ?? null },
    state,
  );
}

/** What the webhook needs when Stripe is configured. */
export interface WebhookDeps {
  repo: BillingRepo;
  stripe: Stripe;
  billing: BillingConfig;
}

/**
 * POST /api/stripe/webhook: the body is parsed and checked like any other (malformed JSON, NUL
 * strings: 400), and its exact text is kept (route config `rawBody`) for the SDK's constructEvent,
 * which checks the signature over it and its timestamp (Stripe's default tolerance, 300 s) before
 * anything of the event is used.
 */
export async function receiveStripeEvent(
  request: FastifyRequest,
  deps: WebhookDeps | null,
  log: FastifyBaseLogger,
): Promise<{ received: true }> {
  const raw = rawBodyOf(request);
  const signature = request.headers['stripe-signature'];
  if (!raw || typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw new AppError('validation_error', 'A JSON body is required, signed in the Stripe-Signature header');
  }
  if (typeof signature !== 'string') {
    throw new AppError('validation_error', 'The Stripe-Signature header is missing');
  }
  if (!deps) throw new AppError('not_found', BILLING_TEXTS.subscriptionsDisabled);
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(raw, signature, deps.billing.webhookSecret);
  } catch (err) {
    const why =
      err instanceof stripeSdk.get().errors.StripeSignatureVerificationError ? err.message : 'not valid';
    throw new AppError('validation_error', `Webhook signature verification failed: ${why.slice(0, 200)}`);
  }
  const outcome = await applyStripeEvent(event, deps);
  log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
  return { received: true as const };
}
