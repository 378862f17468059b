import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { API_ROUTE_PATHS, PLANS, type Plan } from '@chat/contract';
import '../../../app/i18n';
import { callApi } from '../../../api/call';
import { ApiError } from '../../../api/http';
import { paymentRedirect } from '../session';
import { ExpressCheckout } from './ExpressCheckout';

vi.mock('../../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

type Handler = (event: Record<string, unknown>) => void;

type Seen = ReturnType<typeof newSeen>;
let current: Seen;
let wallets = true;

/**
 * A stand-in for Stripe's SDK on window (what the real script defines), recording what the app
 * asks. One function for every test: @stripe/stripe-js keeps the first one it found.
 */
function installStripe(opts: { wallets?: boolean } = {}): Seen {
  current = newSeen();
  wallets = opts.wallets !== false;
  vi.stubGlobal('Stripe', Stripe);
  return current;
}

function newSeen() {
  return {
    key: '',
    elements: null as unknown,
    element: null as unknown,
    click: null as unknown,
    leavingAtConfirm: null as boolean | null,
    confirmPayment: vi.fn(async (_params: unknown) => {
      current.leavingAtConfirm = paymentRedirect.leaving;
      return { error: { message: 'Your card was declined.' } };
    }),
    paymentFailed: vi.fn(),
    submit: vi.fn(async () => ({})),
    handlers: {} as Record<string, Handler>,
  };
}

function Stripe(key: string) {
  const seen = current;
  seen.key = key;
  return {
    elements: (options: unknown) => {
      seen.elements = options;
      return {
        submit: seen.submit,
        create: (type: string, options: unknown) => {
          seen.element = { type, ...(options as object) };
          return {
            on: (name: string, h: Handler) => {
              seen.handlers[name] = h;
            },
            mount: (host: HTMLElement) => {
              const b = document.createElement('button');
              b.textContent = 'Wallet';
              b.onclick = () => {
                seen.handlers.click?.({ resolve: (d: unknown) => (seen.click = d) });
                seen.handlers.confirm?.({ paymentFailed: seen.paymentFailed });
              };
              host.appendChild(b);
              setTimeout(() =>
                seen.handlers.ready?.({
                  availablePaymentMethods: wallets ? { googlePay: true } : undefined,
                }),
              );
            },
            destroy: () => {},
          };
        },
      };
    },
    confirmPayment: seen.confirmPayment,
  };
}
Stripe.version = 'endive';

const onTrialStarted = vi.fn();
function show(plan: Plan = PLANS.weekly, email: string | undefined = 'pat@example.com') {
  render(
    <ExpressCheckout
      plan={plan}
      planName={plan.name}
      email={email}
      publishableKey="pk_test_unit"
      scriptUrl="http://stripe.test/v3/stripe.js"
      onTrialStarted={onTrialStarted}
    />,
  );
}

beforeEach(() => onTrialStarted.mockReset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  mockedCall.mockReset();
});

describe('the express checkout', () => {
  it('mounts a 48 px express checkout for the plan, bills weekly as 7 days, and confirms the client_secret', async () => {
    const stripe = installStripe();
    mockedCall.mockResolvedValue({ client_secret: 'pi_1_secret_2' } as never);
    show();
    fireEvent.click(await screen.findByText('Wallet'));
    expect(stripe.key).toBe('pk_test_unit');
    expect(stripe.elements).toEqual({ mode: 'subscription', amount: 599, currency: 'usd' });
    expect(stripe.element).toEqual({ type: 'expressCheckout', buttonHeight: 48 });
    expect(stripe.click).toMatchObject({
      applePay: {
        recurringPaymentRequest: {
          regularBilling: {
            amount: 599,
            recurringPaymentIntervalUnit: 'day',
            recurringPaymentIntervalCount: 7,
          },
        },
      },
    });
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalled());
    expect(stripe.submit).toHaveBeenCalled();
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.createPaymentIntent, {
      body: { metadata: { plan_id: 'weekly', plan_name: 'Weekly Access' }, userEmail: 'pat@example.com' },
    });
    const params = stripe.confirmPayment.mock.calls[0]![0] as {
      clientSecret: string;
      confirmParams: { return_url: string };
    };
    expect(params.clientSecret).toBe('pi_1_secret_2');
    expect(params.confirmParams.return_url).toBe(`${window.location.origin}/c/new`);
    // The fake declined: its message shows (a success would have left the page). While it was
    // leaving, the gate was told not to send the kept message from this page.
    expect((await screen.findByTestId('express-checkout-error')).textContent).toBe('Your card was declined.');
    expect(stripe.leavingAtConfirm).toBe(true);
    expect(paymentRedirect.leaving).toBe(false);
    expect(onTrialStarted).not.toHaveBeenCalled();
  });

  it('a trialing answer means the trial started with no charge: nothing to confirm', async () => {
    const stripe = installStripe();
    mockedCall.mockResolvedValue({ status: 'trialing' } as never);
    show(PLANS.trial);
    fireEvent.click(await screen.findByText('Wallet'));
    await waitFor(() => expect(onTrialStarted).toHaveBeenCalled());
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
    expect(mockedCall.mock.calls[0]![1]).toEqual({
      body: { metadata: { plan_id: 'trial', plan_name: '3-DAY FREE TRIAL' }, userEmail: 'pat@example.com' },
    });
  });

  it('yearly bills once a year', async () => {
    const stripe = installStripe();
    mockedCall.mockResolvedValue({ status: 'trialing' } as never);
    show(PLANS.yearly);
    fireEvent.click(await screen.findByText('Wallet'));
    expect(stripe.elements).toEqual({ mode: 'subscription', amount: 8999, currency: 'usd' });
    expect(stripe.click).toMatchObject({
      applePay: {
        recurringPaymentRequest: {
          regularBilling: { recurringPaymentIntervalUnit: 'year', recurringPaymentIntervalCount: 1 },
        },
      },
    });
  });

  it("shows the server's refusal and tells the wallet the payment failed", async () => {
    const stripe = installStripe();
    mockedCall.mockRejectedValue(new ApiError(409, 'conflict', 'You already have a subscription.'));
    show();
    fireEvent.click(await screen.findByText('Wallet'));
    expect((await screen.findByTestId('express-checkout-error')).textContent).toBe(
      'You already have a subscription.',
    );
    expect(stripe.paymentFailed).toHaveBeenCalled();
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('without an email the flow fails with Email field is missing.', async () => {
    installStripe();
    show(PLANS.weekly, '');
    fireEvent.click(await screen.findByText('Wallet'));
    expect((await screen.findByTestId('express-checkout-error')).textContent).toBe('Email field is missing.');
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('says so when the device has no wallet', async () => {
    installStripe({ wallets: false });
    show();
    expect((await screen.findByTestId('express-checkout-error')).textContent).toBe(
      'This device does not support Apple Pay or Google Pay.',
    );
  });
});
