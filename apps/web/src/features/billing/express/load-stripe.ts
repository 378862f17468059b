import type { Stripe as StripeInstance } from '@stripe/stripe-js';

/** A payment step the client stops itself: its text's key. */
export type ExpressErrorKey =
  | 'com_subscription_express_unavailable'
  | 'com_subscription_express_init_failed'
  | 'com_subscription_express_create_failed'
  | 'com_subscription_express_mount_failed'
  | 'com_subscription_express_payment_failed'
  | 'com_subscription_express_no_wallet';

export class ExpressError extends Error {
  constructor(readonly textKey: ExpressErrorKey) {
    super(textKey);
  }
}

let scriptLoad: Promise<void> | null = null;

/** Adds the SDK's script from `url` once (STRIPE_JS_URL); resolves when it ran. */
function injectScript(url: string): Promise<void> {
  if ('Stripe' in window) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      scriptLoad = null;
      reject(new ExpressError('com_subscription_express_unavailable'));
    });
    document.head.appendChild(script);
  });
  return scriptLoad;
}

/**
 * Stripe's browser SDK, loaded only when the plan chooser's express checkout shows: the script
 * from the server's STRIPE_JS_URL (Stripe's own, or a test's Stripe.js-compatible fake), then
 * `@stripe/stripe-js`'s loadStripe, which takes the script already on the page.
 */
export async function loadStripeFrom(url: string, publishableKey: string): Promise<StripeInstance> {
  await injectScript(url);
  let stripe: StripeInstance | null;
  try {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    stripe = await loadStripe(publishableKey);
  } catch {
    throw new ExpressError('com_subscription_express_init_failed');
  }
  if (!stripe) throw new ExpressError('com_subscription_express_init_failed');
  return stripe;
}
