import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { User } from '@chat/contract';
import '../../app/i18n';
import { testUser } from '../../test-support/user';
import { FreeTierNotice } from './FreeTierNotice';

// The session's user as the auth provider keeps it; logout is the auth feature's own test.
const session = vi.hoisted(() => ({
  user: null as User | null,
  logout: (_to?: string): Promise<void> => Promise.resolve(),
}));
vi.mock('../auth', () => ({
  useAuth: () => {
    const [user, setUser] = useState(session.user);
    return { user, setUser, logout: session.logout };
  },
}));

const free = (n: number): User =>
  testUser({ provider: 'freeTier', metadata: { isEligibleFor3DayTrial: true, freeMessages: n } });

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
});

describe('the free-tier notice above the input', () => {
  it('shows the free messages left and the link to /register that says an account keeps the history', () => {
    session.user = free(7);
    const logout = vi.fn(async (_to?: string) => {});
    session.logout = logout;
    render(<FreeTierNotice busy={false} />);
    expect(screen.getByTestId('free-tier-left').textContent).toBe('Free messages left: 7');
    const link = screen.getByTestId('free-tier-register');
    expect(link.getAttribute('href')).toBe('/register');
    expect(link.textContent).toBe('Create an account to keep your chat history.');
    fireEvent.click(link);
    expect(logout).toHaveBeenCalledWith('/register');
  });

  it('asks for the count again when a reply ends (the send spent one)', async () => {
    session.user = free(2);
    server = free(1);
    const { rerender } = render(<FreeTierNotice busy={false} />);
    rerender(<FreeTierNotice busy />);
    expect(userFetches).toBe(0);
    await act(async () => {
      rerender(<FreeTierNotice busy={false} />);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(userFetches).toBe(1);
    expect(screen.getByTestId('free-tier-left').textContent).toBe('Free messages left: 1');
  });

  it('says the messages are used up at 0, and shows nothing to a registered user', () => {
    session.user = free(0);
    render(<FreeTierNotice busy={false} />);
    expect(screen.getByTestId('free-tier-left').textContent).toBe(
      'Your free messages are used up. Register to keep chatting.',
    );
    cleanup();
    session.user = testUser();
    render(<FreeTierNotice busy={false} />);
    expect(screen.queryByTestId('free-tier-notice')).toBeNull();
  });
});
