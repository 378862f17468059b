import { createHmac, randomBytes } from 'node:crypto';

/** A Stripe Event as its webhooks deliver it. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export const FAKE_STRIPE_API_VERSION = '2025-10-29.clover';

export const stripeId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** An event of `type` about `object`, created now unless `created` (Unix seconds) says. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { created?: number; id?: string } = {},
): StripeEvent {
  return {
    id: opts.id ?? stripeId('evt'),
    object: 'event',
    api_version: FAKE_STRIPE_API_VERSION,
    created: opts.created ?? nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * Stripe's signature scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint's secret>`.
 */
export function signStripePayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface DeliverOptions {
  /** Sign as of this time (Unix seconds): an old one is a stale delivery. */
  timestamp?: number;
  /** Send this header instead of a correct signature (a forged or broken delivery). */
  signature?: string;
  /** Send these exact bytes instead of the event's JSON (e.g. a body changed after signing). */
  payload?: string;
}

/** POSTs an event to a webhook endpoint the way Stripe does; answers the endpoint's response. */
export async function deliverStripeEvent(
  url: string,
  event: StripeEvent,
  secret: string,
  opts: DeliverOptions = {},
): Promise<Response> {
  const payload = JSON.stringify(event, null, 2);
  const signature = opts.signature ?? signStripePayload(payload, secret, opts.timestamp);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signature,
    },
    body: opts.payload ?? payload,
  });
}
