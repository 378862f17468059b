import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { ThemeProvider } from '../../state/theme';
import { getListFilterTags, setListFilterTags } from './list-filter';
import { Sidebar } from './Sidebar';

vi.mock('../../api/call', () => ({
  callApi: vi.fn(async () => ({ conversations: [], pageNumber: 1, pageSize: 25, pages: 1 })),
}));

vi.mock('../auth', () => ({
  useAuth: () => ({
    user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', provider: 'local' },
    logout: vi.fn(),
    isAuthenticated: true,
    isOperator: false,
  }),
}));
vi.mock('../../api/balance', () => ({ useBalance: () => ({ data: undefined }) }));

afterEach(() => {
  cleanup();
  vi.mocked(callApi).mockClear();
});

describe('Sidebar', () => {
  it('forgets the list filter when it goes (signing out, another account in the same tab)', () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { unmount } = render(
      <QueryClientProvider client={qc}>
        <ThemeProvider>
          <ToastProvider>
            <MemoryRouter>
              <Sidebar />
            </MemoryRouter>
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>,
    );
    act(() => setListFilterTags(['work']));
    expect(getListFilterTags()).toEqual(['work']);
    unmount();
    expect(getListFilterTags()).toEqual([]);
  });
});
