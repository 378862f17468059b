import { startFakeStripe, type FakeStripe } from '@chat/fake-upstreams/stripe';
import type { BillingConfig } from '../../src/config/app-config.js';

const TEST_STRIPE = {
  secretKey: 'sk_test_harness_0123456789',
  webhookSecret: 'whsec_harness_secret',
  prices: { weekly: 'price_weekly', yearly: 'price_yearly' },
} as const;

/** The Stripe fake with the two plans' prices, and the app's billing config pointed at it. */
export async function startTestStripe(
  subscriptionsEnabled: boolean,
): Promise<{ fake: FakeStripe; billing: BillingConfig }> {
  const fake = await startFakeStripe({
    secretKey: TEST_STRIPE.secretKey,
    prices: {
      [TEST_STRIPE.prices.weekly]: { interval: 'week', amount: 599 },
      [TEST_STRIPE.prices.yearly]: { interval: 'year', amount: 8999 },
    },
  });
  return {
    fake,
    billing: {
      subscriptionsEnabled,
      secretKey: TEST_STRIPE.secretKey,
      publishableKey: 'pk_test_harness',
      webhookSecret: TEST_STRIPE.webhookSecret,
      prices: { ...TEST_STRIPE.prices },
      apiBase: fake.url,
      jsUrl: `${fake.url}/v3/stripe.js`,
    },
  };
}
