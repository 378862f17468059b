import { API_ROUTE_PATHS, BILLING_TEXTS, type PlanId, type User } from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';

/** GET /api/user: the signed-in user as the server has it now (a webhook may have changed it). */
export function fetchUser(): Promise<User> {
  return callApi(API_ROUTE_PATHS.user, {});
}

/**
 * Business §4 Starting a subscription: a Stripe Checkout session for the plan; when the server
 * answers showWithoutTrial (the trial is used), the trial is dropped and it is asked again.
 * Answers the address to go to.
 */
export async function checkoutUrl(plan: PlanId, email: string | undefined): Promise<string> {
  if (!email) throw new Error(BILLING_TEXTS.emailMissing);
  const first = await callApi(API_ROUTE_PATHS.createCheckoutSession, { body: { plan, email } });
  const answer = first.showWithoutTrial
    ? await callApi(API_ROUTE_PATHS.createCheckoutSession, { body: { plan: 'weekly', email } })
    : first;
  if (!answer.url) throw new Error(BILLING_TEXTS.checkoutFailed);
  return answer.url;
}

/** POST /api/payment/createPortalSession: the billing portal's address. */
export async function portalUrl(customerId: string | null): Promise<string> {
  const answer = await callApi(API_ROUTE_PATHS.createPortalSession, { body: { customerId } });
  return answer.url;
}

/** The server's message of a refused call (business §8: shown as is), or null (none, or no answer). */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.code !== 'network_error' && err.message ? err.message : null;
}

/** Goes to Stripe (its hosted Checkout or portal page). */
export function goTo(url: string): void {
  window.location.assign(url);
}
