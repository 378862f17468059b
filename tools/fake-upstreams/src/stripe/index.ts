/** The Stripe fake is its own entry (`@chat/fake-upstreams/stripe`), so the app's bundle never includes it. */
export {
  startFakeStripe,
  type FakeStripe,
  type FakeStripeOptions,
  type StripeErrorBody,
  type StripeObject,
} from './server.js';
export {
  deliverStripeEvent,
  signStripePayload,
  stripeEvent,
  stripeId,
  nowSeconds,
  FAKE_STRIPE_API_VERSION,
  type DeliverOptions,
  type StripeEvent,
} from './webhooks.js';
export { parseStripeForm } from './form.js';
