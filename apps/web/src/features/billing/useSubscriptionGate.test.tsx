import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { User } from '@chat/contract';
import { queryKeys } from '../../api/keys';
import { useSubscriptionGate, type SubscriptionGate } from './useSubscriptionGate';
import { testUser } from '../../test-support/user';

const future = () => new Date(Date.now() + 86_400_000).toISOString();
const base = testUser({ createdAt: '2026-11-01T00:00:00Z' });

// The session's user, as the auth provider keeps it (setUser re-renders its readers).
const start = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../auth', () => ({
  useAuth: () => {
    const [user, setUser] = useState(start.user);
    return { user, setUser };
  },
}));

/** What GET /api/user answers now (the server's user: a webhook changes it). */
let server: User;
let userFetches = 0;
beforeEach(() => {
  userFetches = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== '/api/user') return new Response(null, { status: 404 });
      userFetches += 1;
      return Response.json(server);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

let gate: SubscriptionGate;
function Harness({ send }: { send: (text: string) => boolean }) {
  gate = useSubscriptionGate(send, true);
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="dialog">{gate.dialog ?? 'none'}</output>
      <output data-testid="where">{pathname + search}</output>
    </>
  );
}

function mount(enabled: boolean, at = '/c/new') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.config, { subscriptionsEnabled: enabled });
  const send = vi.fn((_text: string) => true);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>
        <Harness send={send} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return send;
}

const dialog = () => screen.getByTestId('dialog').textContent;

describe('the send-time subscription check', () => {
  it('sends at once without subscriptions, and for a valid cached user, asking nothing', async () => {
    start.user = base;
    const send = mount(false);
    expect(gate.guard('hi')).toBe(true);
    cleanup();
    start.user = { ...base, subscriptionStatus: 'active', subscriptionEnd: future() };
    const send2 = mount(true);
    // The rules load once subscriptions are known to be on (waited for, not given a time).
    await act(async () => {
      await import('./decision');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(gate.guard('hello')).toBe(true);
    expect(send).toHaveBeenCalledWith('hi');
    expect(send2).toHaveBeenCalledWith('hello');
    expect(userFetches).toBe(0);
  });

  it('refreshes an invalid user once and sends when the refreshed one is valid', async () => {
    start.user = base;
    server = { ...base, subscriptionStatus: 'trialing', subscriptionEnd: future() };
    const send = mount(true);
    await expect(gate.guard('hi')).resolves.toBe(true);
    expect(send).toHaveBeenCalledWith('hi');
    expect(userFetches).toBe(1);
    expect(dialog()).toBe('none');
  });

  it('opens the plan chooser, then closes it and sends the message once the user became valid', async () => {
    start.user = base;
    server = base;
    const send = mount(true);
    let answer: boolean | Promise<boolean> = false;
    act(() => {
      answer = gate.guard('my question');
    });
    await waitFor(() => expect(dialog()).toBe('plans'));
    expect(send).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('pendingSubscriptionMessage')).toBe('my question');
    // The webhook lands: the dialog's next poll finds the user valid.
    server = { ...base, subscriptionStatus: 'active', subscriptionEnd: future() };
    await waitFor(() => expect(dialog()).toBe('none'), { timeout: 4_000 });
    await expect(answer).resolves.toBe(true);
    expect(send).toHaveBeenCalledWith('my question');
    expect(sessionStorage.getItem('pendingSubscriptionMessage')).toBeNull();
  });

  it('opens Update Payment Method for past_due; closing it keeps the message unsent', async () => {
    start.user = base;
    server = { ...base, subscriptionStatus: 'past_due', subscriptionEnd: future() };
    const send = mount(true);
    let answer: boolean | Promise<boolean> = true;
    act(() => {
      answer = gate.guard('hi');
    });
    await waitFor(() => expect(dialog()).toBe('payment'));
    act(() => gate.close());
    await expect(answer).resolves.toBe(false);
    expect(dialog()).toBe('none');
    expect(send).not.toHaveBeenCalled();
  });

  it("opens the dialog a server's 402 names, once the refreshed user shows why", async () => {
    // The page still holds the user as valid; the server has it past_due (a webhook landed).
    start.user = { ...base, subscriptionStatus: 'active', subscriptionEnd: future() };
    server = { ...base, subscriptionStatus: 'past_due', subscriptionEnd: future() };
    mount(true);
    act(() => gate.refused('subscription_past_due'));
    await waitFor(() => expect(dialog()).toBe('payment'));
    await new Promise((r) => setTimeout(r, 50));
    expect(dialog()).toBe('payment');
    act(() => gate.close());
    act(() => gate.refused('no_user_key'));
    expect(dialog()).toBe('none');
  });

  it('sends incomplete_expired to the billing portal (Update Payment Method), on a send and on a 402', async () => {
    start.user = { ...base, customerID: 'cus_1', subscriptionStatus: 'incomplete_expired' };
    server = start.user;
    const send = mount(true);
    act(() => void gate.guard('hi'));
    await waitFor(() => expect(dialog()).toBe('payment'));
    act(() => gate.close());
    act(() => gate.refused('subscription_required'));
    await waitFor(() => expect(dialog()).toBe('payment'));
    expect(send).not.toHaveBeenCalled();
  });

  it('back from a paid checkout: waits for the webhook, then sends the kept message', async () => {
    start.user = base;
    server = base;
    sessionStorage.setItem('pendingSubscriptionMessage', 'kept across Stripe');
    const send = mount(true, '/c/new?checkout=success');
    await waitFor(() => expect(dialog()).toBe('plans'));
    expect(gate.confirming).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/c/new');
    server = { ...base, subscriptionStatus: 'trialing', subscriptionEnd: future() };
    await waitFor(() => expect(send).toHaveBeenCalledWith('kept across Stripe'), { timeout: 4_000 });
    expect(dialog()).toBe('none');
  });

  describe('a free-tier user', () => {
    const free = (n: number): User => ({
      ...base,
      provider: 'freeTier',
      metadata: { isEligibleFor3DayTrial: true, freeMessages: n },
    });

    it('is refreshed on every send and sends while free messages are left, subscriptions off too', async () => {
      start.user = free(5);
      server = free(2);
      const send = mount(false);
      await act(async () => expect(await gate.guard('one')).toBe(true));
      expect(send).toHaveBeenCalledWith('one');
      expect(userFetches).toBe(1);
      expect(dialog()).toBe('none');
    });

    it('opens Trial Ended at 0 (the cached count is not trusted) and sends nothing', async () => {
      start.user = free(3);
      server = free(0);
      const send = mount(true);
      await act(async () => expect(await gate.guard('none left')).toBe(false));
      expect(send).not.toHaveBeenCalled();
      expect(dialog()).toBe('trialEnded');
      // It waits for Register: no polling.
      await new Promise((r) => setTimeout(r, 50));
      expect(userFetches).toBe(1);
    });

    it('a returning visitor with none left sees Trial Ended on arrival, before typing; once', async () => {
      start.user = free(0);
      server = free(0);
      mount(false);
      expect(dialog()).toBe('trialEnded');
      expect(userFetches).toBe(0);
      act(() => gate.close());
      expect(dialog()).toBe('none');
      // A send opens it again (and sends nothing).
      await act(async () => expect(await gate.guard('still?')).toBe(false));
      expect(dialog()).toBe('trialEnded');
    });

    it('a visitor with messages left is not told anything on arrival', () => {
      start.user = free(1);
      mount(false);
      expect(dialog()).toBe('none');
    });

    it("opens Trial Ended when the refresh fails, and on the server's 402 free_tier_exhausted", async () => {
      start.user = free(3);
      server = free(1);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(null, { status: 500 })),
      );
      const send = mount(false);
      await act(async () => expect(await gate.guard('hi')).toBe(false));
      expect(send).not.toHaveBeenCalled();
      expect(dialog()).toBe('trialEnded');
      act(() => gate.close());
      expect(dialog()).toBe('none');
      act(() => gate.refused('free_tier_exhausted'));
      await waitFor(() => expect(dialog()).toBe('trialEnded'));
    });
  });
});
