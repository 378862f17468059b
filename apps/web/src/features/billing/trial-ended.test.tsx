import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../app/i18n';
import SubscriptionDialogs from './SubscriptionDialogs';
import { refusalDialog } from './session';

// The session's logout (POST /api/auth/logout, then navigation) is the auth feature's own test.
const session = vi.hoisted(() => ({ logout: (_to?: string): Promise<void> => Promise.resolve() }));
vi.mock('../auth', () => ({ useAuth: () => ({ logout: session.logout }) }));

afterEach(cleanup);

function show(logout: (to?: string) => Promise<void>, onClose = vi.fn()) {
  session.logout = logout;
  render(<SubscriptionDialogs dialog="trialEnded" confirming={false} user={null} onClose={onClose} />);
  return onClose;
}

describe('Trial Ended', () => {
  it('says the free messages are used up; Register ends the free-tier session for /register', () => {
    const logout = vi.fn(async (_to?: string) => {});
    show(logout);
    const dialog = screen.getByTestId('trial-ended');
    expect(dialog.textContent).toContain('Trial Ended');
    expect(dialog.textContent).toContain('Your free messages are used up. Register to keep chatting.');
    fireEvent.click(screen.getByTestId('trial-ended-register'));
    expect(logout).toHaveBeenCalledWith('/register');
  });

  it("Escape closes it; the server's free_tier_exhausted names it", () => {
    const onClose = show(vi.fn(async () => {}));
    fireEvent.keyDown(screen.getByTestId('trial-ended'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    expect(refusalDialog('free_tier_exhausted')).toBe('trialEnded');
    expect(refusalDialog('subscription_required')).toBe('plans');
  });
});
