import { useEffect, useRef, useState } from 'react';
import { EXPRESS_CHECKOUT_HEIGHT_PX, PAYMENT_RETURN_PATH, type Plan } from '@chat/contract';
import type { StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../hooks/useTranslation';
import { CheckoutError, serverMessage, startPaymentIntent } from '../api';
import { paymentRedirect } from '../session';
import { clickDetails, elementsOptions, expressElementOptions } from './express-options';
import { ExpressError, loadStripeFrom, type ExpressErrorKey } from './load-stripe';

export interface ExpressCheckoutProps {
  plan: Plan;
  /** The plan's name as the wallet sheet shows it (translated). */
  planName: string;
  email: string | undefined;
  publishableKey: string;
  /** STRIPE_JS_URL, from /api/config. */
  scriptUrl: string;
  /** The trial started with no charge: the chooser waits until the user is valid. */
  onTrialStarted: () => void;
}

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'paying' } | { kind: 'error'; text: string };

/**
 * The express/wallet path of the plan chooser:
 * Stripe's Express Checkout element (48 px), its SDK loaded only when this shows. A confirmed
 * wallet asks POST /api/stripe/create-payment-intent (plan_id, plan_name; userEmail): `trialing`
 * means the trial started with no charge; otherwise the answered client_secret is confirmed, and
 * Stripe returns to /c/new with redirect_status=succeeded (useSubscriptionGate waits there for the
 * webhook). The weekly plan bills as 7 days, in usd.
 */
export function ExpressCheckout({
  plan,
  planName,
  email,
  publishableKey,
  scriptUrl,
  onTrialStarted,
}: ExpressCheckoutProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const latest = useRef({ plan, planName, email, onTrialStarted, t });
  latest.current = { plan, planName, email, onTrialStarted, t };

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const fail = (key: ExpressErrorKey, message?: string | null) => {
      if (!cancelled) setState({ kind: 'error', text: message || latest.current.t(key) });
    };

    void (async () => {
      let stripe;
      try {
        stripe = await loadStripeFrom(scriptUrl, publishableKey);
      } catch (err) {
        return fail(err instanceof ExpressError ? err.textKey : 'com_subscription_express_init_failed');
      }
      if (cancelled || !host.current) return;
      let element;
      const elements = stripe.elements(elementsOptions(plan));
      try {
        element = elements.create('expressCheckout', expressElementOptions);
      } catch {
        return fail('com_subscription_express_create_failed');
      }
      destroy = () => element.destroy();
      element.on('ready', ({ availablePaymentMethods }) => {
        if (!availablePaymentMethods) fail('com_subscription_express_no_wallet');
        else if (!cancelled) setState({ kind: 'ready' });
      });
      element.on('click', (event) => {
        const { plan: p, planName: name } = latest.current;
        event.resolve(clickDetails(p, name, `${window.location.origin}${PAYMENT_RETURN_PATH}`));
      });
      element.on('confirm', (event: StripeExpressCheckoutElementConfirmEvent) => {
        void (async () => {
          const { plan: p, planName: name, email: userEmail } = latest.current;
          setState({ kind: 'paying' });
          const submitted = await elements.submit();
          if (submitted.error) {
            event.paymentFailed({ reason: 'fail' });
            return fail('com_subscription_express_payment_failed', submitted.error.message);
          }
          let answer;
          try {
            answer = await startPaymentIntent(p.id, name, userEmail);
          } catch (err) {
            event.paymentFailed({ reason: 'fail' });
            const own = err instanceof CheckoutError ? latest.current.t(err.textKey) : null;
            return fail('com_subscription_express_payment_failed', serverMessage(err) ?? own);
          }
          if (answer.status === 'trialing') {
            latest.current.onTrialStarted();
            return;
          }
          if (!answer.client_secret) {
            event.paymentFailed({ reason: 'fail' });
            return fail('com_subscription_express_payment_failed');
          }
          paymentRedirect.start();
          const { error } = await stripe.confirmPayment({
            elements,
            clientSecret: answer.client_secret,
            confirmParams: { return_url: `${window.location.origin}${PAYMENT_RETURN_PATH}` },
          });
          // Only a failure comes back: success leaves the page for return_url.
          paymentRedirect.cancel();
          fail('com_subscription_express_payment_failed', error?.message);
        })();
      });
      try {
        element.mount(host.current);
      } catch {
        return fail('com_subscription_express_mount_failed');
      }
    })();

    return () => {
      cancelled = true;
      destroy?.();
    };
    // The element is made again for another plan (its amount and interval).
  }, [plan, publishableKey, scriptUrl]);

  return (
    <div className="flex flex-col gap-2" data-testid="express-checkout">
      <div
        ref={host}
        style={{ minHeight: EXPRESS_CHECKOUT_HEIGHT_PX }}
        className={state.kind === 'error' ? 'hidden' : undefined}
        data-testid="express-checkout-host"
      />
      {(state.kind === 'loading' || state.kind === 'paying') && (
        <p aria-live="polite" className="flex items-center gap-2 text-xs text-text-secondary">
          <Spinner size={14} />
          {t(
            state.kind === 'paying' ? 'com_subscription_express_paying' : 'com_subscription_express_loading',
          )}
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="text-sm text-text-danger" data-testid="express-checkout-error">
          {state.text}
        </p>
      )}
    </div>
  );
}
