import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../app/i18n';
import LoginPage from './LoginPage';

const login = vi.fn();
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: undefined }) }));
vi.mock('./auth-context', () => ({
  useAuth: () => ({ status: 'unauthenticated', login, signInFreeTier: vi.fn() }),
}));

afterEach(cleanup);

function CodeStep() {
  const { pathname, search, state } = useLocation();
  return <p data-testid="where">{`${pathname}${search} ${JSON.stringify(state)}`}</p>;
}

describe('/login for an account with two-factor authentication', () => {
  it('goes to the code step with the pending token in the history state and the way back kept', async () => {
    login.mockResolvedValue({ twoFAPending: true, tempToken: 'temp-token' });
    render(
      <MemoryRouter initialEntries={[{ pathname: '/login', search: '?redirect_to=%2Fc%2Fabc' }]}>
        <Routes>
          <Route path="/login" element={<LoginPage extra={<p data-testid="extra">extra</p>} />} />
          <Route path="/login/2fa" element={<CodeStep />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('extra')).toBeTruthy();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'analytical1' } });
    fireEvent.submit(screen.getByTestId('login-email').closest('form')!);
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/login/2fa?redirect_to=%2Fc%2Fabc {"tempToken":"temp-token"}',
    );
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'analytical1' });
  });
});
