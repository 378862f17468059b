import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { API_ROUTE_PATHS, type AuthResponse } from '@chat/contract';
import '../../app/i18n';
import './texts';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { testUser } from '../../test-support/user';
import ImpersonationBanner from './ImpersonationBanner';

const auth = vi.hoisted(() => ({
  user: null as ReturnType<typeof testUser> | null,
  switchSession: (_res: AuthResponse, _to?: string): void => undefined,
}));
vi.mock('../auth', () => ({ useAuth: () => auth }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));

afterEach(cleanup);

describe('the impersonation banner', () => {
  it('"Return to my account" takes the operator back to the admin panel, not to a new chat', async () => {
    const own: AuthResponse = { token: 'operator-token', user: testUser({ email: 'op@example.com' }) };
    vi.mocked(callApi).mockImplementation(async (route) => {
      if (route === API_ROUTE_PATHS.endImpersonation) return own as never;
      throw new Error(`unexpected ${route.path}`);
    });
    auth.user = testUser({ email: 'someone@example.com' });
    const switchSession = vi.fn();
    auth.switchSession = switchSession;
    render(
      <ToastProvider>
        <ImpersonationBanner />
      </ToastProvider>,
    );
    expect(screen.getByTestId('impersonation-banner').textContent).toContain('someone@example.com');
    fireEvent.click(screen.getByTestId('impersonation-return'));
    await waitFor(() => expect(switchSession).toHaveBeenCalledWith(own, '/admin'));
  });
});
