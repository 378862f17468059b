import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, BANNED_TEXT } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { setSession } from '../../api/http';
import { AuthProvider } from './AuthProvider';
import { useAuth } from './auth-context';
import LoginPage from './LoginPage';
import { testUser } from '../../test-support/user';
import { clearSessionHint, setSessionHint } from '../../test-support/session-hint';

vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: { appTitle: 'Chat' } }) }));

const user = testUser({ name: 'A', email: 'a@example.com' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSession(null);
  clearSessionHint();
});

/** A signed-in page that makes one API call (answered 403 banned below). */
function ChatStandIn() {
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'authenticated') callApi(API_ROUTE_PATHS.presets, {}).catch(() => {});
  }, [status]);
  return <p>chat</p>;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe('a banned user', () => {
  it('is logged out by a banned answer and shown the banned text on /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/refresh'
          ? Response.json({ token: 'tok', user })
          : Response.json({ code: 'banned', message: BANNED_TEXT }, { status: 403 }),
      ),
    );
    setSessionHint();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/c/new']}>
          <AuthProvider>
            <Routes>
              <Route path="/c/new" element={<ChatStandIn />} />
              <Route path="/login" element={<LoginPage />} />
            </Routes>
            <Where />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('auth-error')).textContent).toBe(BANNED_TEXT);
    expect(screen.getByTestId('where').textContent).toBe('/login?message=banned');
  });
});
