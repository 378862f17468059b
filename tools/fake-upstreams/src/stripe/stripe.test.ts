// The Stripe fake, checked against the official `stripe` SDK over HTTP (as the server uses it).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { parseStripeForm } from './form.js';
import { signStripePayload, startFakeStripe, stripeEvent, type FakeStripe } from './index.js';

const SECRET = 'sk_test_fake_0123456789';
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: SECRET,
    prices: {
      price_weekly: { interval: 'week', amount: 599 },
      price_yearly: { interval: 'year', amount: 8999 },
    },
  });
  stripe = new Stripe(SECRET, { host: fake.host, port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

describe('Stripe fake', () => {
  it('reads bracketed form keys into objects and lists', () => {
    expect(parseStripeForm('a[b][0][c]=1&a[b][1][c]=2&expand[0]=x&m[k]=v&s=t')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      expand: ['x'],
      m: { k: 'v' },
      s: 't',
    });
  });

  it('creates customers, checkout and portal sessions through the SDK', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com', metadata: { userId: 'u1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata).toEqual({ userId: 'u1' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_weekly', quantity: 1 }],
      subscription_data: { trial_period_days: 3 },
      success_url: 'http://app/c/new',
      client_reference_id: 'u1',
    });
    expect(session.url).toContain(fake.url);
    expect(session.client_reference_id).toBe('u1');
    const { subscription } = fake.completeCheckout(session.id);
    expect(subscription.status).toBe('trialing');
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app',
    });
    expect(portal.url).toContain('/p/session/');
  });

  it("answers Stripe's error shapes, which the SDK raises as its errors", async () => {
    const missing = await stripe.customers.retrieve('cus_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((missing as Stripe.errors.StripeError).code).toBe('resource_missing');
    const wrongKey = new Stripe('sk_test_wrong_key_000', {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
    });
    const auth = await wrongKey.customers.create({}).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    fake.failNext('/v1/payment_intents', 402, {
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const declined = await stripe.paymentIntents
      .create({ amount: 599, currency: 'usd' })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((declined as Error).message).toBe('Your card was declined.');
  });

  it('creates a subscription with its first invoice expanded, and cancels it', async () => {
    const customer = await stripe.customers.create({ email: 'b@example.com' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_yearly' }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_.*_secret_/);
    expect(sub.items.data[0]?.current_period_end).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);
    const deleted = await stripe.subscriptions.cancel(sub.id);
    expect(deleted.status).toBe('canceled');
  });

  it("changes a customer's newest subscription over its control route, telling the webhook", async () => {
    const received: { type: string; status: unknown; signed: boolean }[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const event = JSON.parse(body) as { type: string; data: { object: { status: unknown } } };
        const signed = typeof req.headers['stripe-signature'] === 'string';
        received.push({ type: event.type, status: event.data.object.status, signed });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    fake.setWebhook({
      url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`,
      secret: 'whsec_test',
    });
    try {
      const customer = await stripe.customers.create({ email: 'c@example.com' });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_weekly' }],
      });
      const control = `${fake.url}/__control/subscription-status`;
      const res = await fetch(control, {
        method: 'POST',
        body: JSON.stringify({ email: 'c@example.com', status: 'past_due' }),
      });
      expect(res.status).toBe(200);
      expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
      expect(received).toEqual([{ type: 'customer.subscription.updated', status: 'past_due', signed: true }]);
      const none = await fetch(control, {
        method: 'POST',
        body: JSON.stringify({ email: 'x@example.com', status: 'past_due' }),
      });
      expect(none.status).toBe(404);
    } finally {
      fake.setWebhook(undefined);
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });

  it("signs events with Stripe's scheme, which the SDK verifies", () => {
    const event = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    const payload = JSON.stringify(event);
    const header = signStripePayload(payload, 'whsec_test');
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_test').id).toBe(event.id);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = signStripePayload(payload, 'whsec_test', Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(payload, stale, 'whsec_test')).toThrow(/tolerance/);
  });

  it("serves the browser SDK and confirms a subscription's first payment through its redirect", async () => {
    const js = await fetch(`${fake.url}/v3/stripe.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain('window.Stripe = Stripe');

    const customer = await stripe.customers.create({ email: 'wallet@example.com' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_weekly' }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const secret = invoice.confirmation_secret!.client_secret;
    const q = (key: string) =>
      new URLSearchParams({ client_secret: secret, return_url: 'http://app.test/c/new', key });

    const refused = await fetch(`${fake.url}/js/confirm?${q('sk_wrong')}`, { redirect: 'manual' });
    expect(refused.status).toBe(303);
    expect(new URL(refused.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    expect(fake.subscriptions.get(sub.id)!.status).toBe('incomplete');

    const done = await fetch(`${fake.url}/js/confirm?${q('pk_test_x')}`, { redirect: 'manual' });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://app.test/c/new');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(back.searchParams.get('payment_intent')).toBe(secret.split('_secret_')[0]);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    expect(fake.paymentIntents.get(secret.split('_secret_')[0]!)!.status).toBe('succeeded');
  });
});
