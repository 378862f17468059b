import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { API_ROUTE_PATHS, AUTH_ERROR_TEXTS } from '@chat/contract';
import { callApi } from '../../api/call';
import { setSession } from '../../api/http';
import { AuthProvider } from './AuthProvider';
import { useAuth, type AuthState } from './auth-context';
import { testUser } from '../../test-support/user';
import { clearSessionHint, setSessionHint } from '../../test-support/session-hint';

/** The session's ends: logout, sign out everywhere, a deleted account. */
const user = testUser({ name: 'Ann Example' });

type Answer = (url: string, init: RequestInit) => Response;
let answers: Record<string, Answer>;
const sent: string[] = [];

beforeEach(() => {
  sent.length = 0;
  answers = { '/api/auth/refresh': () => Response.json({ token: 'access-1', user }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push(`${init.method ?? 'GET'} ${url}`);
      const answer = answers[url];
      return answer
        ? answer(url, init)
        : Response.json({ message: 'nope', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSession(null);
  clearSessionHint();
  localStorage.clear();
  sessionStorage.clear();
});

let auth: AuthState;
function Probe() {
  auth = useAuth();
  const where = useLocation();
  return (
    <output data-testid="where">
      {auth.status} {where.pathname}
      {where.search}
    </output>
  );
}

async function signedIn() {
  setSessionHint();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/c/new']}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('authenticated /c/new'));
}

describe('a deleted account', () => {
  it('on its next request (deleted in another tab): storage and cookies cleared, /login?message=account_deleted', async () => {
    await signedIn();
    localStorage.setItem('lastConversationSetup', '{}');
    sessionStorage.setItem('anything', '1');
    document.cookie = 'visible=1; path=/';
    answers['/api/user'] = () =>
      Response.json({ code: 'account_deleted', message: AUTH_ERROR_TEXTS.accountDeleted }, { status: 403 });
    await act(async () => {
      await expect(callApi(API_ROUTE_PATHS.user, {})).rejects.toMatchObject({ code: 'account_deleted' });
    });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('unauthenticated /login?message=account_deleted'),
    );
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('visible=1');
    expect(auth.loginPath).toBe('/login?message=account_deleted');
  });

  it('a plain 403 (not account_deleted) keeps the session', async () => {
    await signedIn();
    answers['/api/user'] = () => Response.json({ code: 'forbidden', message: 'Forbidden' }, { status: 403 });
    await act(async () => {
      await expect(callApi(API_ROUTE_PATHS.user, {})).rejects.toMatchObject({ code: 'forbidden' });
    });
    expect(screen.getByTestId('where').textContent).toBe('authenticated /c/new');
  });
});

describe('logout', () => {
  it('posts the logout and follows the redirect the server answers', async () => {
    await signedIn();
    answers['/api/auth/logout'] = () => Response.json({ message: 'Logout successful', redirect: '/goodbye' });
    await act(() => auth.logout());
    expect(sent).toContain('POST /api/auth/logout');
    expect(screen.getByTestId('where').textContent).toBe('unauthenticated /goodbye');
  });

  it('sends the chat routes where the sign-out went (Trial Ended → Register), until the next sign-in', async () => {
    await signedIn();
    answers['/api/auth/logout'] = () => Response.json({ message: 'Logout successful', redirect: '/login' });
    await act(() => auth.logout('/register'));
    expect(screen.getByTestId('where').textContent).toBe('unauthenticated /register');
    // RequireAuth's own redirect of the chat page being left (its page may still be mounted while
    // /register's code loads) goes there too, not to /login.
    expect(auth.loginPath).toBe('/register');
    answers['/api/auth/login'] = () => Response.json({ token: 'access-2', user });
    await act(() => auth.login({ email: user.email, password: 'password123' }));
    expect(auth.loginPath).toBe('/login');
  });

  it('signing out everywhere posts /api/auth/logout/all, then takes the logged-out path', async () => {
    await signedIn();
    localStorage.setItem('lastConversationSetup', '{}');
    answers['/api/auth/logout/all'] = () =>
      Response.json({ message: 'Logout successful', redirect: '/login' });
    await act(() => auth.logoutEverywhere());
    expect(sent).toContain('POST /api/auth/logout/all');
    expect(screen.getByTestId('where').textContent).toBe('unauthenticated /login');
    expect(localStorage.getItem('lastConversationSetup')).toBeNull();
  });

  it('keeps the session when signing out everywhere fails', async () => {
    await signedIn();
    answers['/api/auth/logout/all'] = () =>
      Response.json({ message: 'boom', code: 'internal' }, { status: 500 });
    await act(async () => {
      await expect(auth.logoutEverywhere()).rejects.toMatchObject({ status: 500 });
    });
    expect(screen.getByTestId('where').textContent).toBe('authenticated /c/new');
  });
});
