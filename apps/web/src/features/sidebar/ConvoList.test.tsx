import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { API_ROUTE_PATHS, EModelEndpoint, type Conversation, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { ConvoList } from './ConvoList';
import { setListFilterTags } from './list-filter';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

// One time for all three (made apart, a busy machine could date them a millisecond apart, and
// the list, newest first, would then put them in another order).
const at = new Date().toISOString();
const convo = (id: string, tags: string[]): Conversation => ({
  conversationId: id,
  title: `Topic ${id}`,
  user: 'u',
  endpoint: EModelEndpoint.openAI,
  tags,
  createdAt: at,
  updatedAt: at,
});
const stored = [convo('a', ['work']), convo('b', []), convo('c', ['home'])];
/** The query of every GET /api/convos, as the list sent it. */
let queries: unknown[];

beforeEach(() => {
  queries = [];
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    if (route !== API_ROUTE_PATHS.convosPage) throw new Error(`unexpected ${route.path}`);
    const { query } = input as { query: { pageNumber: number; tags?: string[] } };
    queries.push(query);
    const conversations = query.tags
      ? stored.filter((c) => c.tags?.some((t) => query.tags!.includes(t)))
      : stored;
    return { conversations, pageNumber: 1, pageSize: 25, pages: 1 };
  });
});

afterEach(() => {
  cleanup();
  act(() => setListFilterTags([]));
  mockedCall.mockReset();
});

function renderList() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <MemoryRouter>
          <ConvoList />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return qc;
}

const titles = () =>
  within(screen.getByTestId('convo-list'))
    .queryAllByRole('link')
    .map((a) => a.textContent?.trim());

describe('the sidebar list and its bookmark filter', () => {
  it('asks for the conversations carrying the chosen bookmarks, and for all of them once cleared', async () => {
    renderList();
    await waitFor(() => expect(titles()).toEqual(['Topic a', 'Topic b', 'Topic c']));
    expect(queries).toEqual([{ pageNumber: 1 }]);

    act(() => setListFilterTags(['work', 'home']));
    await waitFor(() => expect(titles()).toEqual(['Topic a', 'Topic c']));
    expect(queries.at(-1)).toEqual({ pageNumber: 1, tags: ['work', 'home'] });
    expect(screen.getByTestId('convo-list').dataset.mode).toBe('filtered');

    act(() => setListFilterTags(['nothing-carries-it']));
    await screen.findByText('No conversations carry the chosen bookmarks');

    act(() => setListFilterTags([]));
    await waitFor(() => expect(titles()).toEqual(['Topic a', 'Topic b', 'Topic c']));
    expect(screen.getByTestId('convo-list').dataset.mode).toBe('all');
  });

  it('keeps each filter in its own cached list, under the unfiltered one', async () => {
    const qc = renderList();
    act(() => setListFilterTags(['work']));
    await waitFor(() => expect(titles()).toEqual(['Topic a']));
    const keys = qc
      .getQueryCache()
      .findAll({ queryKey: ['convos', 'list'] })
      .map((q) => q.queryKey);
    expect(keys).toContainEqual(['convos', 'list', { tags: ['work'] }]);
  });
});
