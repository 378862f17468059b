import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TIMINGS } from '@chat/contract';
import { SearchView } from './SearchView';

const titles = vi.hoisted(() => [] as (string | null | undefined)[]);
vi.mock('../../hooks/useDocumentTitle', () => ({
  useDocumentTitle: (title: string | null | undefined) => void titles.push(title),
}));
vi.mock('../../hooks/useTranslation', () => ({
  useTranslation: () => ({ t: (k: string, o?: { query?: string }) => (o?.query ? `${k}:${o.query}` : k) }),
}));
vi.mock('../../state/nav', () => ({ useNav: () => ({ visible: true, isMobile: false }) }));
vi.mock('./useSearch', () => ({
  useSearch: () => ({
    groups: [],
    terms: [],
    isPending: false,
    isError: false,
    refetch: () => undefined,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
  }),
}));

beforeEach(() => {
  vi.useFakeTimers();
  titles.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const view = (query: string) => (
  <MemoryRouter>
    <SearchView query={query} />
  </MemoryRouter>
);

describe('SearchView: the tab title', () => {
  it('follows the query once it has held for 400 ms', () => {
    const { rerender } = render(view('cat'));
    expect(titles.at(-1)).toBe('com_search_header:cat');
    rerender(view('cats'));
    rerender(view('cats and'));
    act(() => vi.advanceTimersByTime(TIMINGS.titleSearchDebounceMs - 1));
    expect(titles.at(-1)).toBe('com_search_header:cat');
    act(() => vi.advanceTimersByTime(1));
    expect(titles.at(-1)).toBe('com_search_header:cats and');
    expect(titles).not.toContain('com_search_header:cats');
  });
});
