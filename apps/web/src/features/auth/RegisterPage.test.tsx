import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../app/i18n';
import RegisterPage from './RegisterPage';
import type { AuthState, RegisterInput } from './auth-context';

/** Register page and its payload: validated on change, fingerprint sent. */
const config = vi.hoisted(() => ({ registrationEnabled: true }));
vi.mock('../../api/config', () => ({
  useStartupConfig: () => ({ data: { appTitle: 'Chat', ...config }, isPending: false }),
}));
const register = vi.fn(async (_body: RegisterInput) => null);
vi.mock('./auth-context', () => ({
  useAuth: (): Partial<AuthState> => ({ status: 'unauthenticated', register }),
}));
vi.mock('./fingerprint', () => ({ deviceFingerprint: async () => 'f'.repeat(64) }));

beforeEach(() => {
  config.registrationEnabled = true;
  register.mockClear();
});
afterEach(cleanup);

function open() {
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<output data-testid="login-page" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const input = (id: string) => screen.getByTestId(id);
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const submit = () => screen.getByTestId('register-submit') as HTMLButtonElement;

describe('the register page', () => {
  it('checks each field as it changes, with the spec texts, and disables submit while any is wrong', () => {
    open();
    expect(submit().disabled).toBe(false);
    type('register-name', 'Al');
    expect(screen.getByText('Name must be at least 3 characters')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type('register-email', 'ann@example');
    expect(screen.getByText('You must enter a valid email address')).toBeTruthy();
    type('register-password', 'short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    type('register-confirm-password', 'other');
    expect(screen.getByText('passwords do not match')).toBeTruthy();
    type('register-name', 'Ann Example');
    type('register-email', 'ann@example.com');
    type('register-password', 'long enough 1');
    type('register-confirm-password', 'long enough 1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('sends the fields and the device fingerprint, without an ipAddress', async () => {
    open();
    type('register-name', ' Ann Example ');
    type('register-email', 'ann@example.com');
    type('register-password', 'long enough 1');
    type('register-confirm-password', 'long enough 1');
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(register).toHaveBeenCalledWith({
      name: 'Ann Example',
      email: 'ann@example.com',
      password: 'long enough 1',
      confirm_password: 'long enough 1',
      fingerprint: 'f'.repeat(64),
    });
  });

  it('goes to /login when registration is disabled', () => {
    config.registrationEnabled = false;
    open();
    expect(screen.getByTestId('login-page')).toBeTruthy();
  });
});
