import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import '../../app/i18n';
import { ThemeProvider } from '../../state/theme';
import { UserMenu } from './UserMenu';

vi.mock('../auth', () => ({
  useAuth: () => ({
    user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', provider: 'local' },
    logout: vi.fn(),
    isAuthenticated: true,
    isOperator: false,
  }),
}));
vi.mock('../../api/balance', () => ({ useBalance: () => ({ data: undefined }) }));

afterEach(cleanup);

describe('UserMenu', () => {
  it('offers Help & FAQ, opening the /faq page in a new tab', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider>
          <MemoryRouter initialEntries={['/c/new']}>
            <UserMenu />
          </MemoryRouter>
        </ThemeProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('user-menu'));
    const faq = screen.getByTestId('help-faq');
    expect(faq.textContent).toContain('Help & FAQ');
    expect(faq.getAttribute('href')).toBe('/faq');
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
