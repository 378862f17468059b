// Subscriptions over real HTTP: the server's official Stripe SDK against the Stripe fake, and
// webhooks delivered signed with Stripe's scheme (replays, forgeries, stale and out-of-order ones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  deliverStripeEvent,
  nowSeconds,
  startFakeStripe,
  stripeEvent,
  type DeliverOptions,
  type FakeStripe,
  type StripeEvent,
  type StripeObject,
} from '@chat/fake-upstreams/stripe';
import {
  BILLING_TEXTS,
  TRIAL_DAYS,
  type ApiErrorBody,
  type StartupConfig,
  type SubscriptionHistoryRow,
  type User,
} from '@chat/contract';
import { stripeEvents, users } from '../../db/schema.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { authed, registerUser } from '../../../test/support/harness.js';
import { startTestStripe } from '../../../test/support/stripe.js';
import { billingConfigFrom } from '../../config/app-config.js';
import { ConfigError, parseEnv } from '../../config/env.js';

const SECRET = 'sk_test_billing_0123456789';
const WHSEC = 'whsec_billing_test_secret';
const OPERATOR = 'operator@example.com';
const ORIGIN = 'http://app.test';
const DAY = 86_400;

let fake: FakeStripe;
let h: ChatHarness;
let operator: ReturnType<typeof authed>;

beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: SECRET,
    prices: {
      price_weekly: { interval: 'week', amount: 599 },
      price_yearly: { interval: 'year', amount: 8999 },
    },
  });
  h = await startChatApp({
    adminEmail: OPERATOR,
    titleConvo: false,
    clientOrigin: ORIGIN,
    billing: {
      subscriptionsEnabled: true,
      secretKey: SECRET,
      publishableKey: 'pk_test_billing',
      webhookSecret: WHSEC,
      prices: { weekly: 'price_weekly', yearly: 'price_yearly' },
      apiBase: fake.url,
      jsUrl: `${fake.url}/v3/stripe.js`,
    },
  });
  operator = authed(h.url, (await registerUser(h.url, 'Operator', OPERATOR)).token);
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

type ChatUser = Awaited<ReturnType<typeof chatUser>>;
const profile = async (u: ChatUser): Promise<User> => (await (await u.api('/api/user')).json()) as User;
const deliver = (event: StripeEvent, opts?: DeliverOptions) =>
  deliverStripeEvent(`${h.url}/api/stripe/webhook`, event, WHSEC, opts);
const rowOf = async (u: ChatUser) =>
  (await h.database.db.select().from(users).where(eq(users.id, u.user.user.id)))[0]!;
const historyOf = async (u: ChatUser): Promise<SubscriptionHistoryRow[]> => {
  const res = await operator(`/api/admin/getSubscriptionHistory?email=${encodeURIComponent(u.user.email)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { history: SubscriptionHistoryRow[] }).history;
};
const checkout = (u: ChatUser, plan: string, extra: Record<string, unknown> = {}) =>
  u.api('/api/payment/createStripeCheckoutSession', {
    body: { plan, email: u.user.email, fingerprint: 'fp', ...extra },
  });
const lastSession = (): StripeObject => [...fake.checkoutSessions.values()].at(-1)!;
const invoiceOf = (sub: StripeObject) => ({
  id: `in_${sub.id}`,
  object: 'invoice',
  customer: sub.customer,
  parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
});
const sendable = async (u: ChatUser) => {
  const res = await u.ask({ text: 'Hello there' });
  return res.status;
};

/** A user subscribed through Checkout (trial or weekly), its completion delivered as Stripe would. */
async function subscribed(plan: 'trial' | 'weekly' | 'yearly') {
  const u = await chatUser(h);
  const res = await checkout(u, plan);
  expect(res.status, await res.clone().text()).toBe(200);
  const { session, subscription } = fake.completeCheckout(lastSession().id);
  const event = stripeEvent('checkout.session.completed', session);
  expect((await deliver(event)).status).toBe(200);
  return { u, session, subscription, event };
}

describe('configuration', () => {
  const base = { STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_WEEKLY: 'p_w', STRIPE_PRICE_YEARLY: 'p_y' };
  it('turns subscriptions on with STRIPE_SECRET_KEY, off without it, and names what is missing', () => {
    expect(billingConfigFrom(parseEnv({}))).toBeUndefined();
    expect(billingConfigFrom(parseEnv({ ...base }))).toBeUndefined();
    const on = billingConfigFrom(parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_1' }));
    expect(on).toMatchObject({ secretKey: 'sk_1', apiBase: 'https://api.stripe.com', publishableKey: null });
    expect(on?.subscriptionsEnabled).toBe(true);
    // Payments without a paywall.
    expect(
      billingConfigFrom(parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_1', SUBSCRIPTIONS_ENABLED: 'false' })),
    ).toMatchObject({ subscriptionsEnabled: false, secretKey: 'sk_1' });
    expect(() => billingConfigFrom(parseEnv({ STRIPE_SECRET_KEY: 'sk_1' }))).toThrow(ConfigError);
    expect(() => billingConfigFrom(parseEnv({ STRIPE_SECRET_KEY: 'sk_1' }))).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_WEEKLY, STRIPE_PRICE_YEARLY/,
    );
    expect(() => billingConfigFrom(parseEnv({ ...base, SUBSCRIPTIONS_ENABLED: 'true' }))).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it('tells the client through /api/config and the user payload', async () => {
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.subscriptionsEnabled).toBe(true);
    expect(config.stripePublishableKey).toBe('pk_test_billing');
    const u = await chatUser(h);
    expect(await profile(u)).toMatchObject({
      customerID: null,
      subscriptionStatus: null,
      subscriptionEnd: null,
      metadata: { isEligibleFor3DayTrial: true },
    });
  });
});

describe('checkout, portal and the express path', () => {
  it('starts Stripe Checkout for the trial on the weekly price, with the caller as customer', async () => {
    const u = await chatUser(h);
    const res = await checkout(u, 'trial', { customerId: 'cus_someone_else' });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const session = lastSession();
    expect(url).toBe(session.url);
    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(sent).toMatchObject({
      mode: 'subscription',
      client_reference_id: u.user.user.id,
      line_items: [{ price: 'price_weekly', quantity: '1' }],
      subscription_data: { trial_period_days: String(TRIAL_DAYS) },
      cancel_url: `${ORIGIN}/c/new`,
    });
    const me = await profile(u);
    expect(me.customerID).toMatch(/^cus_/);
    expect(sent.customer).toBe(me.customerID);
    expect(fake.customers.get(me.customerID!)?.email).toBe(u.user.email);
    // A second checkout reuses the customer.
    expect((await checkout(u, 'yearly')).status).toBe(200);
    const yearly = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(yearly).toMatchObject({ customer: me.customerID, line_items: [{ price: 'price_yearly' }] });
    expect(yearly.subscription_data).toBeUndefined();
    expect(fake.requests.filter((r) => r.path === '/v1/customers' && r.form.metadata).length).toBeGreaterThan(
      0,
    );
  });

  it('refuses a checkout without an email (Email field is missing.) and passes on Stripe refusals', async () => {
    const u = await chatUser(h);
    const res = await checkout(u, 'weekly', { email: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).message).toBe(BILLING_TEXTS.emailMissing);
    fake.failNext('/v1/checkout/sessions', 400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      message: 'The price specified is inactive.',
    });
    const refused = await checkout(u, 'weekly');
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({
      code: 'payment_error',
      message: 'The price specified is inactive.',
    });
  });

  it("opens the billing portal on the caller's own customer only", async () => {
    const u = await chatUser(h);
    const none = await u.api('/api/payment/createPortalSession', { body: { customerId: 'cus_x' } });
    expect(none.status).toBe(404);
    expect(((await none.json()) as ApiErrorBody).message).toBe(BILLING_TEXTS.noCustomer);
    await checkout(u, 'weekly');
    const other = await subscribed('weekly');
    const res = await u.api('/api/payment/createPortalSession', {
      body: { customerId: (await profile(other.u)).customerID },
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const portal = [...fake.portalSessions.values()].at(-1)!;
    expect(url).toBe(portal.url);
    expect(portal.customer).toBe((await profile(u)).customerID);
    expect(portal.return_url).toBe(`${ORIGIN}/c/new`);
  });

  it('express path: the trial starts with no charge; otherwise a client_secret of the first invoice', async () => {
    const u = await chatUser(h);
    const trial = await u.api('/api/stripe/create-payment-intent', {
      body: { metadata: { plan_id: 'trial', plan_name: '3-DAY FREE TRIAL' }, userEmail: u.user.email },
    });
    expect(trial.status).toBe(200);
    expect(await trial.json()).toEqual({ status: 'trialing' });
    const me = await profile(u);
    expect(me.subscriptionStatus).toBe('trialing');
    expect(me.metadata.isEligibleFor3DayTrial).toBe(false);
    expect(Date.parse(me.subscriptionEnd!)).toBeGreaterThan(Date.now() + (TRIAL_DAYS * DAY - 60) * 1000);
    expect(await sendable(u)).toBe(200);

    // A subscription that bills is managed in the portal: no second one.
    const second = await u.api('/api/stripe/create-payment-intent', {
      body: { metadata: { plan_id: 'weekly' }, userEmail: u.user.email },
    });
    expect(second.status).toBe(409);
    expect(((await second.json()) as ApiErrorBody).message).toBe(BILLING_TEXTS.alreadySubscribed);
    expect((await checkout(u, 'yearly')).status).toBe(409);

    // Once it ended, the used trial is not offered again: asking for it bills weekly at once.
    const sub = [...fake.subscriptions.values()].find((x) => x.customer === me.customerID)!;
    fake.updateSubscription(sub.id, { status: 'canceled', periodEnd: nowSeconds() - 10 });
    await deliver(stripeEvent('customer.subscription.deleted', sub, { created: nowSeconds() + 1 }));
    const again = await u.api('/api/stripe/create-payment-intent', {
      body: { metadata: { plan_id: 'trial' }, userEmail: u.user.email },
    });
    expect(again.status).toBe(200);
    const { client_secret } = (await again.json()) as { client_secret: string };
    expect(client_secret).toMatch(/^pi_.+_secret_/);
    const pi = [...fake.paymentIntents.values()].find((p) => p.client_secret === client_secret);
    expect(pi).toMatchObject({ amount: 599, currency: 'usd', customer: me.customerID });
    expect((await profile(u)).subscriptionStatus).toBe('canceled');
  });
});

describe('webhooks', () => {
  it('checkout.session.completed: the trial starts, its end is the trial end, and the trial is used', async () => {
    const { u, subscription } = await subscribed('trial');
    const me = await profile(u);
    expect(me.subscriptionStatus).toBe('trialing');
    expect(me.subscriptionEnd).toBe(new Date((subscription.trial_end as number) * 1000).toISOString());
    expect(me.metadata.isEligibleFor3DayTrial).toBe(false);
    // The client drops the trial and retries (showWithoutTrial).
    const retry = await checkout(u, 'trial');
    expect(await retry.json()).toEqual({ showWithoutTrial: true });
    const [row] = await historyOf(u);
    expect(row).toMatchObject({
      eventType: 'checkout.session.completed',
      oldStatus: null,
      newStatus: 'trialing',
    });
  });

  it("Stripe's hosted Checkout, paid in a browser, subscribes the user through the webhook", async () => {
    fake.setWebhook({ url: `${h.url}/api/stripe/webhook`, secret: WHSEC });
    try {
      const u = await chatUser(h);
      const { url } = (await (await checkout(u, 'trial')).json()) as { url: string };
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Pay');
      const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${ORIGIN}/c/new?checkout=success`);
      const me = await profile(u);
      expect(me.subscriptionStatus).toBe('trialing');
      expect(me.metadata.isEligibleFor3DayTrial).toBe(false);
      expect(await sendable(u)).toBe(200);
      // Both events applied, one status change.
      expect((await historyOf(u)).map((r) => r.newStatus)).toEqual(['trialing']);
    } finally {
      fake.setWebhook(undefined);
    }
  });

  it('applies an event once, however often it is delivered', async () => {
    const { u, event } = await subscribed('weekly');
    expect((await profile(u)).subscriptionStatus).toBe('active');
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    // Two deliveries at once: still one application.
    const sub = [...fake.subscriptions.values()].at(-1)!;
    fake.updateSubscription(sub.id, { status: 'past_due' });
    const failed = stripeEvent('invoice.payment_failed', invoiceOf(sub));
    const both = await Promise.all([deliver(failed), deliver(failed)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const rows = await h.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, failed.id));
    expect(rows).toHaveLength(1);
    const history = await historyOf(u);
    expect(history.map((r) => [r.eventId, r.newStatus])).toEqual([
      [failed.id, 'past_due'],
      [event.id, 'active'],
    ]);
    // A replay of the first event after Stripe moved on changes nothing.
    fake.updateSubscription(sub.id, { status: 'active' });
    expect((await deliver(event)).status).toBe(200);
    expect((await profile(u)).subscriptionStatus).toBe('past_due');
  });

  it('refuses a bad signature, a changed body and a stale timestamp (400), changing nothing', async () => {
    const { u, subscription } = await subscribed('weekly');
    const before = await rowOf(u);
    fake.updateSubscription(subscription.id, { status: 'unpaid' });
    const event = stripeEvent('customer.subscription.updated', subscription);
    const forged = await deliverStripeEvent(`${h.url}/api/stripe/webhook`, event, 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ApiErrorBody).code).toBe('validation_error');
    const changed = JSON.stringify({ ...event, type: 'customer.subscription.deleted' }, null, 2);
    expect((await deliver(event, { payload: changed })).status).toBe(400);
    expect((await deliver(event, { signature: 'garbage' })).status).toBe(400);
    const unsigned = await fetch(`${h.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const stale = await deliver(event, { timestamp: nowSeconds() - 301 });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as ApiErrorBody).message).toMatch(/tolerance/);
    expect(await rowOf(u)).toEqual(before);
    expect(await h.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(
      0,
    );
    // The same event, signed correctly and in time, is then applied.
    expect((await deliver(event)).status).toBe(200);
    expect((await profile(u)).subscriptionStatus).toBe('unpaid');
  });

  it('never rolls back: an older event arriving after a newer one changes nothing', async () => {
    const { u, subscription } = await subscribed('weekly');
    const t = nowSeconds();
    // Stripe: a payment failed (t-60), then the retry was paid (t). Delivered in the wrong order.
    const failed = stripeEvent('invoice.payment_failed', invoiceOf(subscription), { created: t - 60 });
    const paid = stripeEvent('invoice.paid', invoiceOf(subscription), { created: t });
    fake.updateSubscription(subscription.id, { status: 'active', periodEnd: t + 7 * DAY });
    expect((await deliver(paid)).status).toBe(200);
    // Even were Stripe to answer the older state, the older event is not applied.
    fake.updateSubscription(subscription.id, { status: 'past_due' });
    expect((await deliver(failed)).status).toBe(200);
    expect((await profile(u)).subscriptionStatus).toBe('active');

    // Deleted, then a late update from before the deletion.
    const deleted = stripeEvent('customer.subscription.deleted', subscription, { created: t + 10 });
    fake.updateSubscription(subscription.id, { status: 'canceled', periodEnd: t - 1 });
    expect((await deliver(deleted)).status).toBe(200);
    const late = stripeEvent('customer.subscription.updated', subscription, { created: t + 5 });
    fake.updateSubscription(subscription.id, { status: 'active', periodEnd: t + 7 * DAY });
    expect((await deliver(late)).status).toBe(200);
    const me = await profile(u);
    expect(me.subscriptionStatus).toBe('canceled');
    expect(Date.parse(me.subscriptionEnd!)).toBeLessThan(Date.now());
  });

  it("a late event about an ended earlier subscription does not replace the user's live one", async () => {
    const { u, subscription: first } = await subscribed('weekly');
    fake.updateSubscription(first.id, { status: 'canceled', periodEnd: nowSeconds() - 10 });
    await deliver(stripeEvent('customer.subscription.deleted', first, { created: nowSeconds() + 1 }));
    expect((await profile(u)).subscriptionStatus).toBe('canceled');
    // A new subscription, then a late update of the first one (newer by its created).
    expect((await checkout(u, 'yearly')).status).toBe(200);
    const { session, subscription: second } = fake.completeCheckout(lastSession().id);
    await deliver(stripeEvent('checkout.session.completed', session, { created: nowSeconds() + 2 }));
    expect((await profile(u)).subscriptionStatus).toBe('active');
    await deliver(stripeEvent('customer.subscription.updated', first, { created: nowSeconds() + 3 }));
    const me = await profile(u);
    expect(me.subscriptionStatus).toBe('active');
    expect(await rowOf(u)).toMatchObject({ subscriptionId: second.id });
  });

  it('each event type keeps status and end true to Stripe', async () => {
    const u = await chatUser(h);
    await checkout(u, 'weekly');
    const customer = (await profile(u)).customerID!;
    // customer.subscription.created (a subscription started elsewhere, e.g. the express path).
    const sub = fake.completeCheckout(lastSession().id).subscription;
    const t = nowSeconds();
    const steps: [string, Record<string, unknown>, { status: string; periodEnd: number }, number][] = [
      ['customer.subscription.created', sub, { status: 'active', periodEnd: t + 7 * DAY }, t],
      ['invoice.payment_failed', invoiceOf(sub), { status: 'past_due', periodEnd: t + 7 * DAY }, t + 1],
      ['invoice.paid', invoiceOf(sub), { status: 'active', periodEnd: t + 14 * DAY }, t + 2],
      ['customer.subscription.updated', sub, { status: 'unpaid', periodEnd: t + 14 * DAY }, t + 3],
      ['customer.subscription.deleted', sub, { status: 'canceled', periodEnd: t + 14 * DAY }, t + 4],
    ];
    for (const [type, object, state, created] of steps) {
      fake.updateSubscription(sub.id, state);
      expect((await deliver(stripeEvent(type, object, { created }))).status).toBe(200);
      const me = await profile(u);
      expect([type, me.subscriptionStatus, me.subscriptionEnd, me.customerID]).toEqual([
        type,
        state.status,
        new Date(state.periodEnd * 1000).toISOString(),
        customer,
      ]);
    }
    const history = await historyOf(u);
    expect(history.map((r) => `${r.oldStatus}→${r.newStatus}`).reverse()).toEqual([
      'null→active',
      'active→past_due',
      'past_due→active',
      'active→unpaid',
      'unpaid→canceled',
    ]);
    // An event of a type that changes nothing, and one about no known customer, are acknowledged.
    expect(
      (await deliver(stripeEvent('customer.created', { id: 'cus_new', object: 'customer' }))).status,
    ).toBe(200);
    const stranger = stripeEvent('invoice.paid', { ...invoiceOf(sub), customer: 'cus_unknown' });
    expect((await deliver(stranger)).status).toBe(200);
  });

  it('answers 5xx (so Stripe retries) when Stripe cannot be read, and applies the retry', async () => {
    const { u, subscription } = await subscribed('weekly');
    fake.updateSubscription(subscription.id, { status: 'past_due' });
    const event = stripeEvent('customer.subscription.updated', subscription);
    // The SDK retries once: both attempts fail.
    const down = { type: 'api_error', message: 'Stripe is down' } as const;
    fake.failNext(`/v1/subscriptions/${subscription.id}`, 500, down, 2);
    const first = await deliver(event);
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect((await profile(u)).subscriptionStatus).toBe('active');
    expect((await deliver(event)).status).toBe(200);
    expect((await profile(u)).subscriptionStatus).toBe('past_due');
  });

  it('cancels the subscription in Stripe before an account is deleted; a Stripe failure keeps the account', async () => {
    const { u, subscription } = await subscribed('weekly');
    fake.failNext(`/v1/subscriptions/${subscription.id}`, 500, { type: 'api_error', message: 'down' }, 2);
    const failed = await u.api('/api/user', { method: 'DELETE', body: {} });
    expect(failed.status).toBe(502);
    expect((await profile(u)).subscriptionStatus).toBe('active');
    const res = await u.api('/api/user', { method: 'DELETE', body: {} });
    expect(res.status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)?.status).toBe('canceled');
    // Stripe's deleted event about the gone customer is acknowledged.
    const late = stripeEvent('customer.subscription.deleted', subscription);
    expect((await deliver(late)).status).toBe(200);
  });

  it('gives the history to the operator only', async () => {
    const { u } = await subscribed('weekly');
    const res = await u.api(`/api/admin/getSubscriptionHistory?email=${encodeURIComponent(u.user.email)}`);
    expect(res.status).toBe(403);
    expect(await historyOf(u)).toHaveLength(1);
  });
});

describe('the send gate', () => {
  const expectRefusal = async (res: Response, code: string) => {
    expect(res.status).toBe(402);
    expect(((await res.json()) as ApiErrorBody).code).toBe(code);
  };
  const askRaw = (u: ChatUser, path: string, body: Record<string, unknown>) =>
    u.api(path, {
      body: {
        text: 'Hello',
        conversationId: null,
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        ...body,
      },
    });

  it('refuses every send route without a subscription (402 subscription_required), before the upstream', async () => {
    const u = await chatUser(h);
    const before = h.fake.requests.length;
    for (const path of ['/api/ask/openAI', '/api/edit/openAI']) {
      const res = await askRaw(u, path, {});
      await expectRefusal(res, 'subscription_required');
    }
    const res = await askRaw(u, '/api/ask/openAI', {});
    expect(((await res.json()) as ApiErrorBody).message).toBe(BILLING_TEXTS.subscriptionRequired);
    const assistant = await u.api('/api/assistants', { body: { model: 'gpt-4o-mini', name: 'Helper' } });
    expect(assistant.status).toBe(200);
    const { id } = (await assistant.json()) as { id: string };
    for (const path of ['/api/assistants/chat', '/api/assistants/chat/modify']) {
      const r = await askRaw(u, path, { assistant_id: id, endpoint: undefined, model: 'gpt-4o-mini' });
      await expectRefusal(r, 'subscription_required');
    }
    expect(h.fake.requests.length).toBe(before);
  });

  it('past_due and unpaid are subscription_past_due; an ended period is subscription_required', async () => {
    const { u, subscription } = await subscribed('weekly');
    expect(await sendable(u)).toBe(200);
    const t = nowSeconds();
    for (const [status, code, created] of [
      ['past_due', 'subscription_past_due', t + 1],
      ['unpaid', 'subscription_past_due', t + 2],
    ] as const) {
      fake.updateSubscription(subscription.id, { status });
      await deliver(stripeEvent('customer.subscription.updated', subscription, { created }));
      const res = await askRaw(u, '/api/ask/openAI', {});
      await expectRefusal(res, code);
    }
    // Canceled keeps access until the paid period ends (a valid status), then not.
    fake.updateSubscription(subscription.id, { status: 'canceled', periodEnd: t + DAY });
    await deliver(stripeEvent('customer.subscription.deleted', subscription, { created: t + 3 }));
    expect(await sendable(u)).toBe(200);
    fake.updateSubscription(subscription.id, { status: 'canceled', periodEnd: t - 10 });
    await deliver(stripeEvent('customer.subscription.updated', subscription, { created: t + 4 }));
    await expectRefusal(await askRaw(u, '/api/ask/openAI', {}), 'subscription_required');
  });

  it('SUBSCRIPTIONS_ENABLED=false with Stripe: payments work, nobody is refused', async () => {
    const stripe = await startTestStripe(false);
    const free = await startChatApp({ titleConvo: false, billing: stripe.billing });
    try {
      const u = await chatUser(free);
      expect((await u.ask({ text: 'Hello' })).status).toBe(200);
      const config = (await (await fetch(`${free.url}/api/config`)).json()) as StartupConfig;
      expect(config).toMatchObject({ subscriptionsEnabled: false, stripePublishableKey: 'pk_test_harness' });
      const res = await u.api('/api/payment/createStripeCheckoutSession', {
        body: { plan: 'yearly', email: u.user.email },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { url: string }).url).toContain(stripe.fake.url);
    } finally {
      await free.close();
      await stripe.fake.close();
    }
  });

  it('is off without Stripe: no paywall, payment routes 404, subscriptionsEnabled false', async () => {
    const plain = await startChatApp({ titleConvo: false });
    try {
      const u = await chatUser(plain);
      expect((await u.ask({ text: 'Hello' })).status).toBe(200);
      const config = (await (await fetch(`${plain.url}/api/config`)).json()) as StartupConfig;
      expect(config).toMatchObject({ subscriptionsEnabled: false, stripePublishableKey: null });
      const res = await u.api('/api/payment/createStripeCheckoutSession', {
        body: { plan: 'weekly', email: u.user.email },
      });
      expect(res.status).toBe(404);
      const hook = await deliverStripeEvent(
        `${plain.url}/api/stripe/webhook`,
        stripeEvent('invoice.paid', {}),
        WHSEC,
      );
      expect(hook.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
