import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../app/i18n';
import LoginPage from './LoginPage';

vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: undefined }) }));
vi.mock('./auth-context', () => ({
  useAuth: () => ({ status: 'authenticated', login: vi.fn(), signInFreeTier: vi.fn() }),
}));

afterEach(cleanup);

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

const open = (search: string) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/login', search }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/login once signed in', () => {
  it('returns to redirect_to, a page of this site', async () => {
    open('?redirect_to=%2Fshare%2FAbC_12');
    expect((await screen.findByTestId('where')).textContent).toBe('/share/AbC_12');
  });

  it('goes to a new chat for another site’s address or none', async () => {
    open('?redirect_to=%2F%2Fevil.example%2Fx');
    expect((await screen.findByTestId('where')).textContent).toBe('/c/new');
    cleanup();
    open('');
    expect((await screen.findByTestId('where')).textContent).toBe('/c/new');
  });
});
