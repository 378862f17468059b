import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { list, parseStripeForm, str, type FormObject } from './form.js';
import { FAKE_STRIPE_JS } from './stripe-js.js';
import { deliverStripeEvent, nowSeconds, stripeEvent, stripeId } from './webhooks.js';

/**
 * A Stripe-compatible API server for tests, spoken to by the official `stripe` SDK (its `host`,
 * `port` and `protocol` pointed here): form-encoded requests, Stripe's JSON objects and its error
 * shape `{ error: { type, code?, param?, message } }`, the secret key checked as a Bearer token.
 * Customers, Checkout sessions, billing portal sessions, payment intents and subscriptions, kept
 * in memory; tests move a subscription's state with `updateSubscription` and tell the app by a
 * signed event (`webhooks.ts`).
 */
export type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripeOptions {
  secretKey: string;
  /** The price ids the fake knows, with their recurring interval. */
  prices: Record<string, { interval: 'week' | 'year'; amount: number }>;
  host?: string;
  port?: number;
  /**
   * Where to deliver events, signed with `secret`, as Stripe would (e2e): a Checkout paid on the
   * hosted page sends checkout.session.completed and customer.subscription.created. Without it,
   * tests deliver events themselves.
   */
  webhook?: { url: string; secret: string };
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'card_error';
  code?: string;
  param?: string;
  message: string;
}

export interface FakeStripe {
  /** http://host:port, for STRIPE_API_BASE. */
  url: string;
  host: string;
  port: number;
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  /** Every request received: method, path and its parsed form. */
  requests: { method: string; path: string; form: FormObject }[];
  /** The next `times` requests to `path` fail with this status and error (SDKs retry 5xx). */
  failNext(path: string, status: number, error: StripeErrorBody, times?: number): void;
  /** Creates a subscription as Stripe would after a Checkout session is paid (or its trial starts). */
  completeCheckout(sessionId: string): { session: StripeObject; subscription: StripeObject };
  /** Where events of the hosted pages go from now on (undefined: nowhere). */
  setWebhook(webhook: { url: string; secret: string } | undefined): void;
  /** Changes a subscription's state (status, period end, …) as Stripe would on its own. */
  updateSubscription(
    id: string,
    patch: { status?: string; periodEnd?: number; trialEnd?: number | null },
  ): StripeObject;
  close(): Promise<void>;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param = 'id'): StripeHttpError =>
  new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
const invalid = (param: string, message: string): StripeHttpError =>
  new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message });

const DAY = 86_400;
const periodOf = (interval: 'week' | 'year'): number => (interval === 'week' ? 7 * DAY : 365 * DAY);

export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripe> {
  const host = opts.host ?? '127.0.0.1';
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const requests: FakeStripe['requests'] = [];
  const failures = new Map<string, { status: number; error: StripeErrorBody; times: number }>();
  let base = '';
  let webhook = opts.webhook;

  const priceOf = (id: string | undefined, param: string) => {
    if (!id) throw invalid(param, `Missing required param: ${param}.`);
    const price = opts.prices[id];
    if (!price) throw missing('price', id, param);
    return price;
  };
  const customerOf = (id: string | undefined, param = 'customer'): StripeObject => {
    if (!id) throw invalid(param, `Missing required param: ${param}.`);
    const c = customers.get(id);
    if (!c) throw missing('customer', id, param);
    return c;
  };

  function createPaymentIntent(
    amount: number,
    currency: string,
    customer: string | null,
    metadata: FormObject,
  ) {
    const id = stripeId('pi');
    const pi: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      customer,
      metadata,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
      created: nowSeconds(),
      livemode: false,
    };
    paymentIntents.set(id, pi);
    return pi;
  }

  /** A subscription in the API's current shape: the period on its item, the trial on itself. */
  function createSubscription(customer: string, priceId: string, trialDays: number, metadata: FormObject) {
    const price = priceOf(priceId, 'items[0][price]');
    const now = nowSeconds();
    const trialEnd = trialDays > 0 ? now + trialDays * DAY : null;
    const periodEnd = trialEnd ?? now + periodOf(price.interval);
    const id = stripeId('sub');
    const pi = trialEnd ? null : createPaymentIntent(price.amount, 'usd', customer, {});
    const invoiceId = stripeId('in');
    const sub: StripeObject = {
      id,
      object: 'subscription',
      customer,
      status: trialEnd ? 'trialing' : 'incomplete',
      created: now,
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            price: {
              id: priceId,
              object: 'price',
              recurring: { interval: price.interval },
              unit_amount: price.amount,
            },
            quantity: 1,
            current_period_start: now,
            current_period_end: periodEnd,
          },
        ],
      },
      latest_invoice: invoiceId,
      _invoice: {
        id: invoiceId,
        object: 'invoice',
        customer,
        status: trialEnd ? 'paid' : 'open',
        amount_due: trialEnd ? 0 : price.amount,
        confirmation_secret: pi ? { client_secret: pi.client_secret, type: 'payment_intent' } : null,
        parent: { type: 'subscription_details', subscription_details: { subscription: id } },
      },
    };
    subscriptions.set(id, sub);
    return sub;
  }

  /** The object as the API answers it: internals dropped, `expand` applied to latest_invoice. */
  function present(sub: StripeObject, expand: string[] = []): StripeObject {
    const { _invoice, ...rest } = sub;
    return expand.some((e) => e.startsWith('latest_invoice')) ? { ...rest, latest_invoice: _invoice } : rest;
  }

  function route(method: string, path: string, form: FormObject): StripeObject {
    const expand = list(form.expand).filter((e): e is string => typeof e === 'string');
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c: StripeObject = {
        id: stripeId('cus'),
        object: 'customer',
        email: str(form.email) ?? null,
        metadata: form.metadata ?? {},
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(c.id, c);
      return c;
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) return customerOf(m[1], 'id');
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const mode = str(form.mode);
      if (!mode) throw invalid('mode', 'Missing required param: mode.');
      const items = list(form.line_items);
      const first = items[0];
      const priceId =
        first && typeof first === 'object' && !Array.isArray(first) ? str(first.price) : undefined;
      priceOf(priceId, 'line_items[0][price]');
      const customer = str(form.customer);
      if (customer) customerOf(customer);
      const id = stripeId('cs_test');
      const sub = form.subscription_data;
      const s: StripeObject = {
        id,
        object: 'checkout.session',
        mode,
        customer: customer ?? null,
        customer_email: str(form.customer_email) ?? null,
        client_reference_id: str(form.client_reference_id) ?? null,
        success_url: str(form.success_url) ?? null,
        cancel_url: str(form.cancel_url) ?? null,
        metadata: form.metadata ?? {},
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        url: `${base}/c/pay/${id}`,
        _price: priceId,
        _trialDays:
          sub && typeof sub === 'object' && !Array.isArray(sub) ? Number(str(sub.trial_period_days) ?? 0) : 0,
        created: nowSeconds(),
        livemode: false,
      };
      checkoutSessions.set(id, s);
      const { _price, _trialDays, ...shown } = s;
      return { ...shown, id };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = customerOf(str(form.customer)).id;
      const id = stripeId('bps');
      const s: StripeObject = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: str(form.return_url) ?? null,
        url: `${base}/p/session/${id}`,
        created: nowSeconds(),
        livemode: false,
      };
      portalSessions.set(id, s);
      return s;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(str(form.amount));
      if (!Number.isInteger(amount) || amount < 1) throw invalid('amount', 'Missing required param: amount.');
      const currency = str(form.currency);
      if (!currency) throw invalid('currency', 'Missing required param: currency.');
      const customer = str(form.customer);
      if (customer) customerOf(customer);
      const meta = form.metadata;
      return createPaymentIntent(
        amount,
        currency,
        customer ?? null,
        meta && !Array.isArray(meta) && typeof meta === 'object' ? meta : {},
      );
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = paymentIntents.get(m[1]!);
      if (!pi) throw missing('payment_intent', m[1]!);
      return pi;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = customerOf(str(form.customer)).id;
      const item = list(form.items)[0];
      const priceId = item && typeof item === 'object' && !Array.isArray(item) ? str(item.price) : undefined;
      const meta = form.metadata;
      const sub = createSubscription(
        customer,
        priceId ?? '',
        Number(str(form.trial_period_days) ?? 0),
        meta && typeof meta === 'object' && !Array.isArray(meta) ? meta : {},
      );
      return present(sub, expand);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) throw missing('subscription', m[1]!);
      if (method === 'GET') return present(sub, expand);
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
        return present(sub);
      }
      if (method === 'POST') {
        const cancel = str(form.cancel_at_period_end);
        if (cancel !== undefined) sub.cancel_at_period_end = cancel === 'true';
        return present(sub, expand);
      }
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': stripeId('req'),
      'stripe-version': '2025-10-29.clover',
    });
    res.end(text);
  }

  function completeCheckout(sessionId: string): { session: StripeObject; subscription: StripeObject } {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const customer =
      (session.customer as string | null) ??
      route('POST', '/v1/customers', { email: (session.customer_email as string | null) ?? '' }).id;
    const sub = createSubscription(customer, session._price as string, session._trialDays as number, {});
    if (sub.status === 'incomplete') sub.status = 'active';
    Object.assign(session, {
      customer,
      status: 'complete',
      payment_status: sub.status === 'trialing' ? 'no_payment_required' : 'paid',
      subscription: sub.id,
    });
    const { _price, _trialDays, ...shown } = session;
    return { session: { ...shown, id: session.id }, subscription: present(sub) };
  }

  /**
   * The browser SDK's confirm redirect (stripe-js.ts confirmPayment): the payment intent named by
   * its client secret succeeds, the subscription whose first invoice it pays becomes active (the
   * webhook is told: customer.subscription.updated, invoice.paid), and the browser returns to
   * return_url with redirect_status, as Stripe's redirect does.
   */
  async function confirmRedirect(query: URLSearchParams, res: ServerResponse): Promise<void> {
    const secret = query.get('client_secret') ?? '';
    const returnUrl = query.get('return_url') ?? '';
    const pi = paymentIntents.get(secret.split('_secret_')[0] ?? '');
    const back = (status: string) => {
      const url = new URL(returnUrl);
      if (pi) {
        url.searchParams.set('payment_intent', pi.id);
        url.searchParams.set('payment_intent_client_secret', secret);
      }
      url.searchParams.set('redirect_status', status);
      res.writeHead(303, { location: url.toString() });
      res.end();
    };
    if (!/^https?:\/\//.test(returnUrl))
      return send(res, 400, { error: { type: 'invalid_request_error', message: 'return_url' } });
    if (!pi || pi.client_secret !== secret || !(query.get('key') ?? '').startsWith('pk_'))
      return back('failed');
    pi.status = 'succeeded';
    const sub = [...subscriptions.values()].find(
      (s) =>
        (s._invoice as { confirmation_secret?: { client_secret?: string } | null }).confirmation_secret
          ?.client_secret === secret,
    );
    if (sub) {
      sub.status = 'active';
      const invoice = sub._invoice as StripeObject;
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
      if (webhook) {
        const { url, secret: whsec } = webhook;
        await deliverStripeEvent(url, stripeEvent('customer.subscription.updated', present(sub)), whsec);
        await deliverStripeEvent(url, stripeEvent('invoice.paid', { ...invoice }), whsec);
      }
    }
    back('succeeded');
  }

  /** Stripe's hosted pages, for a browser (e2e): Checkout with a Pay button, and the portal. */
  async function hostedPage(method: string, path: string, res: ServerResponse): Promise<boolean> {
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    const portal = /^\/p\/session\/([^/]+)$/.exec(path);
    const page = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      // An empty icon of its own: the browser asks for no /favicon.ico, which the API answers 401.
      res.end(
        `<!doctype html><html><head><title>Fake Stripe</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`,
      );
    };
    const esc = (v: unknown) => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    if (pay) {
      const session = checkoutSessions.get(pay[1]!);
      if (!session) return (page(404, '<h1>Checkout session not found</h1>'), true);
      if (method === 'GET') {
        const price = opts.prices[session._price as string];
        page(
          200,
          `<h1>Fake Stripe Checkout</h1><p>${esc(price?.amount ?? 0)} cents per ${esc(price?.interval)}` +
            `${session._trialDays ? `, ${esc(session._trialDays)}-day trial` : ''}</p>` +
            `<form method="post"><button type="submit">Pay</button></form>` +
            `<a href="${esc(session.cancel_url ?? '/')}">Cancel</a>`,
        );
        return true;
      }
      const { session: done, subscription } = completeCheckout(session.id);
      if (webhook) {
        const { url, secret } = webhook;
        await deliverStripeEvent(url, stripeEvent('customer.subscription.created', subscription), secret);
        await deliverStripeEvent(url, stripeEvent('checkout.session.completed', done), secret);
      }
      res.writeHead(303, { location: String(session.success_url ?? '/') });
      res.end();
      return true;
    }
    if (portal) {
      const session = portalSessions.get(portal[1]!);
      if (!session) return (page(404, '<h1>Portal session not found</h1>'), true);
      page(200, `<h1>Fake Stripe billing portal</h1><a href="${esc(session.return_url ?? '/')}">Return</a>`);
      return true;
    }
    return false;
  }

  /**
   * For e2e (another process): `{ email, status }` changes the newest subscription of the customer
   * with that e-mail as Stripe would on its own (a failed renewal: past_due) and delivers the
   * customer.subscription.updated event to the webhook.
   */
  async function controlStatus(raw: string, res: ServerResponse): Promise<void> {
    const { email, status } = JSON.parse(raw || '{}') as { email?: string; status?: string };
    const ids = new Set([...customers.values()].filter((c) => c.email === email).map((c) => c.id));
    const sub = [...subscriptions.values()].filter((s) => ids.has(s.customer as string)).at(-1);
    if (!sub || !status)
      return send(res, 404, { error: { type: 'invalid_request_error', message: 'no subscription' } });
    sub.status = status;
    if (webhook)
      await deliverStripeEvent(
        webhook.url,
        stripeEvent('customer.subscription.updated', present(sub)),
        webhook.secret,
      );
    send(res, 200, present(sub));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const raw =
      method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    if (method === 'GET' && /^\/v3(\/stripe\.js)?\/?$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(FAKE_STRIPE_JS);
      return;
    }
    if (method === 'GET' && url.pathname === '/js/confirm') return confirmRedirect(url.searchParams, res);
    if (!url.pathname.startsWith('/v1/') && (await hostedPage(method, url.pathname, res))) return;
    if (method === 'POST' && url.pathname === '/__control/subscription-status') {
      await controlStatus(raw, res);
      return;
    }
    const form = parseStripeForm(raw);
    requests.push({ method, path: url.pathname, form });
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (key !== opts.secretKey) {
      const shown = key
        ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : '';
      send(res, 401, {
        error: {
          type: 'invalid_request_error',
          message: key
            ? `Invalid API Key provided: ${shown}`
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
      return;
    }
    const failure = failures.get(url.pathname);
    if (failure) {
      if (--failure.times <= 0) failures.delete(url.pathname);
      send(res, failure.status, { error: failure.error });
      return;
    }
    try {
      send(res, 200, route(method, url.pathname, form));
    } catch (err) {
      if (err instanceof StripeHttpError) send(res, err.status, { error: err.body });
      else send(res, 500, { error: { type: 'api_error', message: String(err) } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://${host}:${port}`;

  return {
    url: base,
    host,
    port,
    customers,
    checkoutSessions,
    portalSessions,
    paymentIntents,
    subscriptions,
    requests,
    failNext(path, status, error, times = 1) {
      failures.set(path, { status, error, times });
    },
    completeCheckout,
    setWebhook(next) {
      webhook = next;
    },
    updateSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      if (patch.status) sub.status = patch.status;
      if (patch.trialEnd !== undefined) sub.trial_end = patch.trialEnd;
      if (patch.periodEnd !== undefined) {
        const items = sub.items as { data: Record<string, unknown>[] };
        items.data[0]!.current_period_end = patch.periodEnd;
      }
      return present(sub);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
