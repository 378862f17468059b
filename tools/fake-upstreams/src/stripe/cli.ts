#!/usr/bin/env -S npx tsx
/**
 * The Stripe fake for e2e runs: the API for the app's SDK (STRIPE_API_BASE=http://HOST:PORT), the
 * hosted Checkout (a Pay button) and portal pages for the browser, and the events of a paid
 * Checkout delivered signed to --webhook-url. SIGINT / SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { startFakeStripe } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'secret-key': { type: 'string', default: 'sk_test_e2e' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string', default: 'whsec_e2e' },
    'price-weekly': { type: 'string', default: 'price_weekly' },
    'price-yearly': { type: 'string', default: 'price_yearly' },
  },
});
const fake = await startFakeStripe({
  host: values.host,
  port: Number(values.port),
  secretKey: values['secret-key'],
  prices: {
    [values['price-weekly']]: { interval: 'week', amount: 599 },
    [values['price-yearly']]: { interval: 'year', amount: 8999 },
  },
  ...(values['webhook-url']
    ? { webhook: { url: values['webhook-url'], secret: values['webhook-secret'] } }
    : {}),
});
console.log(`fake stripe: ${fake.url}`);

const shutdown = (): void => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
