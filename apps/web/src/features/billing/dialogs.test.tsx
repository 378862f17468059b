import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StartupConfig, User } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { ToastProvider } from '../../components/ui/Toast';
import SubscriptionDialogs from './SubscriptionDialogs';
import { testUser } from '../../test-support/user';

// Leaving for Stripe is the one thing not run here (jsdom has no navigation).
const nav = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), goTo: nav.goTo }));

const user = (over: Partial<User> = {}): User => testUser({ createdAt: '2026-11-01T00:00:00Z', ...over });

interface Sent {
  method: string;
  url: string;
  body: unknown;
}
let sent: Sent[] = [];
let answer: (req: Sent) => Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const req = { method: init.method ?? 'GET', url, body };
      sent.push(req);
      return answer(req);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  nav.goTo.mockReset();
});

function show(
  dialog: 'plans' | 'payment',
  u: User,
  onClose = vi.fn(),
  confirming = false,
  config: Partial<StartupConfig> = { stripePublishableKey: null, stripeJsUrl: null },
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.config, config);
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SubscriptionDialogs dialog={dialog} confirming={confirming} user={u} onClose={onClose} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

const names = () => screen.getAllByRole('radio').map((r) => r.textContent);

describe('the plan chooser', () => {
  it('offers an eligible user the trial (toggle on), then Weekly Access with it off; Yearly saves 70%', () => {
    show('plans', user());
    expect(screen.getByRole('dialog', { name: 'Premium Access' })).toBeTruthy();
    expect(names()).toEqual(['3-DAY FREE TRIALThen $5.99 per week', 'Yearly$89.99 per yearSave 70%']);
    fireEvent.click(screen.getByTestId('plan-trial-toggle'));
    expect(names()[0]).toBe('Weekly Access$5.99 per week');
    expect(screen.queryByTestId('plan-trial-used')).toBeNull();
  });

  it('disables the toggle of a used trial with its text', () => {
    show('plans', user({ metadata: { isEligibleFor3DayTrial: false } }));
    const toggle = screen.getByTestId<HTMLButtonElement>('plan-trial-toggle');
    expect(toggle.disabled).toBe(true);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('plan-trial-used').textContent).toBe('You have already used your free trial');
    expect(names()[0]).toBe('Weekly Access$5.99 per week');
  });

  it('keeps checkout disabled until a plan is chosen, then goes to Stripe Checkout', async () => {
    answer = () => Response.json({ url: 'https://checkout.example/c/cs_1' });
    show('plans', user());
    const go = screen.getByTestId<HTMLButtonElement>('plan-checkout');
    expect(go.disabled).toBe(true);
    expect(screen.getByTestId('plan-select-hint').textContent).toBe('Please select a plan to continue.');
    fireEvent.click(screen.getByTestId('plan-yearly'));
    expect(go.disabled).toBe(false);
    fireEvent.click(go);
    await waitFor(() => expect(nav.goTo).toHaveBeenCalledWith('https://checkout.example/c/cs_1'));
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/payment/createStripeCheckoutSession',
        body: { plan: 'yearly', email: 'ann@example.com' },
      },
    ]);
  });

  it('drops the trial and asks again when the server answers showWithoutTrial', async () => {
    answer = (req) =>
      Response.json(
        (req.body as { plan: string }).plan === 'trial'
          ? { showWithoutTrial: true }
          : { url: 'https://co/2' },
      );
    show('plans', user());
    fireEvent.click(screen.getByTestId('plan-trial'));
    fireEvent.click(screen.getByTestId('plan-checkout'));
    await waitFor(() => expect(nav.goTo).toHaveBeenCalledWith('https://co/2'));
    expect(sent.map((s) => (s.body as { plan: string }).plan)).toEqual(['trial', 'weekly']);
  });

  it("shows the server's message of a failed checkout, else the generic text", async () => {
    answer = () => Response.json({ message: 'Card declined', code: 'payment_error' }, { status: 502 });
    show('plans', user());
    fireEvent.click(screen.getByTestId('plan-yearly'));
    fireEvent.click(screen.getByTestId('plan-checkout'));
    expect((await screen.findByTestId('plan-error')).textContent).toBe('Card declined');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByTestId('plan-checkout'));
    await waitFor(() =>
      expect(screen.getByTestId('plan-error').textContent).toBe(
        'Something went wrong while starting checkout. Please try again.',
      ),
    );
    expect(nav.goTo).not.toHaveBeenCalled();
  });

  it('shows the wait after a paid checkout without plans', () => {
    show('plans', user(), vi.fn(), true);
    expect(screen.getByTestId('plan-confirming').textContent).toContain('Confirming your subscription');
    expect(screen.queryByTestId('plan-checkout')).toBeNull();
  });
});

describe('Update Payment Method', () => {
  it('opens the billing portal of the customer; Escape closes it', async () => {
    answer = () => Response.json({ url: 'https://portal.example/p/1' });
    const { onClose } = show('payment', user({ customerID: 'cus_1', subscriptionStatus: 'past_due' }));
    expect(screen.getByRole('dialog', { name: 'Update Payment Method' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('update-payment-button'));
    await waitFor(() => expect(nav.goTo).toHaveBeenCalledWith('https://portal.example/p/1'));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/payment/createPortalSession',
      body: { customerId: 'cus_1' },
    });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the portal cannot be opened', async () => {
    answer = () =>
      Response.json(
        { message: 'No customer ID found. Please ensure you are logged in.', code: 'not_found' },
        { status: 404 },
      );
    show('payment', user({ subscriptionStatus: 'unpaid' }));
    fireEvent.click(screen.getByTestId('update-payment-button'));
    expect((await screen.findByTestId('update-payment-error')).textContent).toBe(
      'Failed to redirect to the customer portal. Please try again.',
    );
  });
});
