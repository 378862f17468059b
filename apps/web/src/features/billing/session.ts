/**
 * Which dialog a refused send opens: the plan chooser, Update Payment Method, or Trial Ended (a
 * free-tier user out of free messages).
 */
export type SubscriptionDialog = 'plans' | 'payment' | 'trialEnded';

/** The dialog a 402 of the server names (its code), or null for any other refusal. */
export function refusalDialog(code: string | undefined): SubscriptionDialog | null {
  if (code === 'subscription_past_due') return 'payment';
  if (code === 'subscription_required') return 'plans';
  if (code === 'free_tier_exhausted') return 'trialEnded';
  return null;
}

/** The return from a paid checkout: Stripe Checkout's success URL, or the wallet path's return. */
export function isCheckoutReturn(search: string): boolean {
  const q = new URLSearchParams(search);
  return q.get('checkout') === 'success' || q.get('redirect_status') === 'succeeded';
}

/**
 * The express path is leaving for Stripe's redirect (confirmPayment): the webhook may make the
 * user valid before the page is gone, and the kept message must go from the page that comes back
 * (`redirect_status=succeeded`), not from the one leaving. Reset when confirmPayment came back
 * with an error (the page stays).
 */
let leavingForPayment = false;
export const paymentRedirect = {
  start(): void {
    leavingForPayment = true;
  },
  cancel(): void {
    leavingForPayment = false;
  },
  get leaving(): boolean {
    return leavingForPayment;
  },
};

/** The message whose send opened the plan chooser, kept across the redirect to Stripe. */
const PENDING_KEY = 'pendingSubscriptionMessage';

export const pendingMessage = {
  save(text: string): void {
    try {
      sessionStorage.setItem(PENDING_KEY, text);
    } catch {
      // storage unavailable: the text stays in the input instead
    }
  },
  take(): string | null {
    try {
      const text = sessionStorage.getItem(PENDING_KEY);
      sessionStorage.removeItem(PENDING_KEY);
      return text;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(PENDING_KEY);
    } catch {
      // nothing kept
    }
  },
};
