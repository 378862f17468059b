import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FREE_TIER_QUERY } from '@chat/contract';
import '../../app/i18n';
import LoginPage from './LoginPage';

// jsdom draws no canvas: the device hash is fingerprint.ts's own test.
vi.mock('./fingerprint', () => ({ deviceFingerprint: async () => 'f'.repeat(64) }));
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: undefined }) }));
const auth = vi.hoisted(() => ({ signInFreeTier: vi.fn(async (_fingerprint: string) => {}) }));
vi.mock('./auth-context', () => ({
  useAuth: () => ({ status: 'unauthenticated', login: vi.fn(), signInFreeTier: auth.signInFreeTier }),
}));

afterEach(() => {
  cleanup();
  auth.signInFreeTier.mockReset();
});

const open = (state?: unknown, search = '') =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/login', search, state }]}>
      <LoginPage />
    </MemoryRouter>,
  );

describe("/login with Try Now's free-tier route state", () => {
  it("signs the device's free-tier account in with its fingerprint, once", async () => {
    open({ freeTier: true });
    await waitFor(() => expect(auth.signInFreeTier).toHaveBeenCalledWith('f'.repeat(64)));
    expect(auth.signInFreeTier).toHaveBeenCalledTimes(1);
  });

  it('shows why when the free tier cannot start (off, or refused), leaving the form', async () => {
    auth.signInFreeTier.mockRejectedValueOnce(new Error('404'));
    open({ freeTier: true });
    await waitFor(() =>
      expect(screen.getByTestId('auth-error').textContent).toBe(
        'The free trial could not be started. Please log in or register.',
      ),
    );
    expect(screen.getByTestId('login-email')).toBeTruthy();
  });

  it("signs in the same from a server-rendered page's Try Now (the query marker, no route state)", async () => {
    open(undefined, `?${FREE_TIER_QUERY}=1`);
    await waitFor(() => expect(auth.signInFreeTier).toHaveBeenCalledWith('f'.repeat(64)));
    expect(auth.signInFreeTier).toHaveBeenCalledTimes(1);
  });

  it('a plain visit to /login starts nothing', async () => {
    open();
    await screen.findByTestId('login-email');
    expect(auth.signInFreeTier).not.toHaveBeenCalled();
  });
});
