import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
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

/** The menu, with /api/config's answer already cached when one is given. */
function renderMenu(config?: Pick<StartupConfig, 'helpAndFaqURL'>) {
  const client = new QueryClient();
  if (config) client.setQueryData(queryKeys.config, config);
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/c/new']}>
          <UserMenu />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('user-menu'));
  return screen.getByTestId('help-faq');
}

describe('UserMenu', () => {
  it('offers Help & FAQ, opening the /faq page in a new tab', () => {
    const faq = renderMenu({ helpAndFaqURL: '/faq' });
    expect(faq.textContent).toContain('Help & FAQ');
    expect(faq.getAttribute('href')).toBe('/faq');
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens the built-in FAQ before the server has answered', () => {
    expect(renderMenu().getAttribute('href')).toBe('/faq');
  });

  it("opens the operator's page when the server names one (HELP_AND_FAQ_URL)", () => {
    const faq = renderMenu({ helpAndFaqURL: 'https://help.example.com/' });
    expect(faq.getAttribute('href')).toBe('https://help.example.com/');
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
