import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { TWO_FACTOR_TEXTS, type AuthResponse } from '@chat/contract';
import '../../app/i18n';
import { ApiError } from '../../api/http';
import { twoFactorApi } from './api';
import type * as ApiModule from './api';
import type * as AuthEntry from '../auth';
import TwoFactorLoginPage from './TwoFactorLoginPage';

const switchSession = vi.fn();
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: undefined }) }));
vi.mock('../auth', async (actual) => ({
  ...(await actual<typeof AuthEntry>()),
  useAuth: () => ({ status: 'unauthenticated', switchSession }),
}));
vi.mock('./api', async (actual) => {
  const real = await actual<typeof ApiModule>();
  return { ...real, twoFactorApi: { ...real.twoFactorApi, verifyTemp: vi.fn() } };
});
const verifyTemp = vi.mocked(twoFactorApi.verifyTemp);
const SESSION = { token: 'access', user: { id: 'u1' } } as unknown as AuthResponse;

beforeEach(() => {
  switchSession.mockReset();
  verifyTemp.mockReset();
});
afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const open = (entry: { search?: string; state?: unknown }) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/login/2fa', ...entry }]}>
      <Routes>
        <Route path="/login/2fa" element={<TwoFactorLoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const submit = (code: string) => {
  const field = screen.getByTestId('two-factor-code');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.submit(field.closest('form')!);
};

describe('the sign-in code step', () => {
  it('without the login’s token goes back to /login', async () => {
    open({});
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
  });

  it('sends the app’s code with the token (spaces dropped) and starts the session, back where sign-in began', async () => {
    verifyTemp.mockResolvedValue(SESSION);
    open({ search: '?redirect_to=%2Fc%2Fabc', state: { tempToken: 'temp' } });
    expect(screen.getByTestId('two-factor-code')).toHaveProperty('autocomplete', 'one-time-code');
    submit('123 456');
    await waitFor(() => expect(switchSession).toHaveBeenCalledWith(SESSION, '/c/abc'));
    expect(verifyTemp).toHaveBeenCalledWith('temp', { token: '123456' });
  });

  it('says a wrong code is wrong, and a backup code can be used instead', async () => {
    verifyTemp.mockRejectedValueOnce(new ApiError(401, 'unauthorized', TWO_FACTOR_TEXTS.invalidLoginCode));
    open({ state: { tempToken: 'temp' } });
    submit('000000');
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'Invalid two-factor authentication code',
    );
    fireEvent.click(screen.getByTestId('two-factor-switch'));
    verifyTemp.mockResolvedValue(SESSION);
    submit(' deadbeef ');
    await waitFor(() => expect(verifyTemp).toHaveBeenLastCalledWith('temp', { backupCode: 'deadbeef' }));
    expect(switchSession).toHaveBeenCalledWith(SESSION, '/c/new');
  });

  it('an expired step says to sign in again', async () => {
    verifyTemp.mockRejectedValue(new ApiError(401, 'unauthorized', TWO_FACTOR_TEXTS.invalidTempToken));
    open({ state: { tempToken: 'temp' } });
    submit('123456');
    expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
      'This sign-in took too long. Go back and sign in again.',
    );
    expect(screen.getByTestId('two-factor-submit')).toHaveProperty('disabled', true);
  });

  it('takes a social sign-in’s ?tempToken= off the address', async () => {
    verifyTemp.mockResolvedValue(SESSION);
    open({ search: '?tempToken=from-oauth' });
    await screen.findByTestId('two-factor-code');
    submit('654321');
    await waitFor(() => expect(verifyTemp).toHaveBeenCalledWith('from-oauth', { token: '654321' }));
  });
});
