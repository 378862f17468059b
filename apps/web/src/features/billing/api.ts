import { API_ROUTE_PATHS, type PlanId } from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';

/**
 * A checkout the client stops itself: its text's key. (The contract's BILLING_TEXTS
 * are not imported: they would weigh on /c/new's first paint through the shared chunks.)
 */
export class CheckoutError extends Error {
  constructor(readonly textKey: 'com_subscription_email_missing' | 'com_subscription_checkout_failed') {
    super(textKey);
  }
}

/**
 * Starting a subscription: a Stripe Checkout session for the plan; when the server
 * answers showWithoutTrial (the trial is used), the trial is dropped and it is asked again.
 * Answers the address to go to.
 */
export async function checkoutUrl(plan: PlanId, email: string | undefined): Promise<string> {
  if (!email) throw new CheckoutError('com_subscription_email_missing');
  const first = await callApi(API_ROUTE_PATHS.createCheckoutSession, { body: { plan, email } });
  const answer = first.showWithoutTrial
    ? await callApi(API_ROUTE_PATHS.createCheckoutSession, { body: { plan: 'weekly', email } })
    : first;
  if (!answer.url) throw new CheckoutError('com_subscription_checkout_failed');
  return answer.url;
}

/**
 * The wallet/express path's subscription, POST /api/stripe/create-payment-intent
 * (metadata plan_id and plan_name, userEmail): `trialing` (the trial started, no charge) or the
 * client_secret to confirm.
 */
export async function startPaymentIntent(
  plan: PlanId,
  planName: string,
  email: string | undefined,
): Promise<{ status?: 'trialing' | undefined; client_secret?: string | undefined }> {
  if (!email) throw new CheckoutError('com_subscription_email_missing');
  return callApi(API_ROUTE_PATHS.createPaymentIntent, {
    body: { metadata: { plan_id: plan, plan_name: planName }, userEmail: email },
  });
}

/** POST /api/payment/createPortalSession: the billing portal's address. */
export async function portalUrl(customerId: string | null): Promise<string> {
  const answer = await callApi(API_ROUTE_PATHS.createPortalSession, { body: { customerId } });
  return answer.url;
}

/** The server's message of a refused call (shown as is), or null (none, or no answer). */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.code !== 'network_error' && err.message ? err.message : null;
}

/** Goes to Stripe (its hosted Checkout or portal page). */
export function goTo(url: string): void {
  window.location.assign(url);
}
