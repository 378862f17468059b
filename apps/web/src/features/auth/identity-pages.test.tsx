import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FORGOT_PASSWORD_ERROR_MS } from '@chat/contract';
import '../../app/i18n';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: { appTitle: 'Chat' } }) }));

let answer: () => Response;
const sent: { url: string; body: unknown }[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const inRouter = (path: string, page: React.ReactNode) =>
  render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);

describe('forgot password', () => {
  async function submit(email = 'ann@example.com') {
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: email } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('forgot-submit'));
    });
  }

  it('shows a failure for 5 s, then hides it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = () => Response.json({ message: 'boom', code: 'internal' }, { status: 500 });
    inRouter('/forgot-password', <ForgotPasswordPage />);
    await submit();
    expect((await screen.findByTestId('auth-error')).textContent).toContain(
      'problem requesting a password reset',
    );
    act(() => vi.advanceTimersByTime(FORGOT_PASSWORD_ERROR_MS - 100));
    expect(screen.getByTestId('auth-error')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('auth-error')).toBeNull();
  });

  it('shows an answered link as a click-here link, and the sent text otherwise', async () => {
    answer = () => Response.json({ message: 'ok', link: 'http://chat.test/reset-password?token=t&userId=u' });
    inRouter('/forgot-password', <ForgotPasswordPage />);
    await submit();
    expect((await screen.findByTestId('reset-link')).getAttribute('href')).toBe(
      'http://chat.test/reset-password?token=t&userId=u',
    );
    expect(sent[0]).toMatchObject({
      url: '/api/auth/requestPasswordReset',
      body: { email: 'ann@example.com' },
    });
  });

  it('never shows a non-http link', async () => {
    answer = () => Response.json({ message: 'ok', link: 'javascript:alert(1)' });
    inRouter('/forgot-password', <ForgotPasswordPage />);
    await submit();
    expect(await screen.findByTestId('reset-link-sent')).toBeTruthy();
    expect(screen.queryByTestId('reset-link')).toBeNull();
  });

  it('validates the address like registration before sending', async () => {
    answer = () => Response.json({ message: 'ok' });
    inRouter('/forgot-password', <ForgotPasswordPage />);
    await submit('a@b.c');
    expect(screen.getByText('Email must be at least 6 characters')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe('reset password', () => {
  it('refuses a paste into the confirmation', () => {
    inRouter('/reset-password?token=t&userId=u', <ResetPasswordPage />);
    const confirm = screen.getByTestId('reset-confirm-password');
    const paste = createEvent.paste(confirm);
    fireEvent(confirm, paste);
    expect(paste.defaultPrevented).toBe(true);
  });

  it('shows the spec text when the link carries no token', async () => {
    inRouter('/reset-password', <ResetPasswordPage />);
    fireEvent.change(screen.getByTestId('reset-password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByTestId('reset-confirm-password'), { target: { value: 'new password 1' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('reset-submit'));
    });
    expect(screen.getByTestId('auth-error').textContent).toContain('Unable to process: No valid reset token');
    expect(sent).toHaveLength(0);
  });
});
