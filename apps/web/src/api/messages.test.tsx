import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API_ROUTE_PATHS, NO_PARENT, UI_LIMITS, type Message, type RoutePath } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';
import { updateMessagesCache, updateMessageText, useShownMessages } from './messages';

vi.mock('./call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const msg = (i: number): Message => ({
  messageId: `m${i}`,
  conversationId: 'c1',
  parentMessageId: i === 0 ? NO_PARENT : `m${i - 1}`,
  sender: i % 2 ? 'openAI' : 'User',
  text: `text ${i}`,
  isCreatedByUser: i % 2 === 0,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  error: false,
  unfinished: false,
  isEdited: false,
  finish_reason: null,
  tokenCount: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
});
const all = Array.from({ length: 100 }, (_, i) => msg(i));
const tail = all.slice(-UI_LIMITS.messagesFirstLoad);

/** The answers are released by hand, so each step can be looked at. */
function setup(cached?: Message[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cached) qc.setQueryData(queryKeys.messages('c1'), cached);
  const asked: string[] = [];
  const release: Record<string, () => void> = {};
  mockedCall.mockImplementation((route: RoutePath, input?: unknown) => {
    expect(route).toBe(API_ROUTE_PATHS.messages);
    const limit = (input as { query?: { limit?: number } }).query?.limit;
    const which = limit === undefined ? 'full' : `limit=${limit}`;
    asked.push(which);
    return new Promise((resolve) => {
      release[which] = () => resolve(which === 'full' ? all : tail);
    });
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return { qc, asked, release, ...renderHook(() => useShownMessages('c1'), { wrapper }) };
}

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('useShownMessages', () => {
  it('shows the newest branch tail first, then asks for and shows the whole tree', async () => {
    const { result, asked, release } = setup();
    await waitFor(() => expect(asked).toEqual([`limit=${UI_LIMITS.messagesFirstLoad}`]));
    expect(result.current).toEqual({ data: undefined, settled: false });
    // The full list waits for the tail: they would share the server.
    act(() => release[`limit=${UI_LIMITS.messagesFirstLoad}`]!());
    await waitFor(() => expect(result.current.data).toEqual(tail));
    expect(result.current.settled).toBe(false);
    await waitFor(() => expect(asked).toEqual([`limit=${UI_LIMITS.messagesFirstLoad}`, 'full']));
    act(() => release.full!());
    await waitFor(() => expect(result.current).toEqual({ data: all, settled: true }));
  });

  it('asks for no tail when the full list is in the cache (refetched as it goes stale)', async () => {
    const { qc, result, asked, release } = setup(all.slice(0, 10));
    expect(result.current).toEqual({ data: all.slice(0, 10), settled: true });
    act(() => void qc.invalidateQueries({ queryKey: queryKeys.messages('c1') }));
    await waitFor(() => expect(asked).toEqual(['full']));
    expect(result.current.data).toHaveLength(10);
    act(() => release.full!());
    await waitFor(() => expect(result.current).toEqual({ data: all, settled: true }));
  });

  it('a change made before the full list is there builds on the tail', async () => {
    const { qc, result, release } = setup();
    await waitFor(() => expect(release[`limit=${UI_LIMITS.messagesFirstLoad}`]).toBeDefined());
    act(() => release[`limit=${UI_LIMITS.messagesFirstLoad}`]!());
    await waitFor(() => expect(result.current.data).toEqual(tail));
    const next = msg(100);
    act(() => updateMessagesCache(qc, 'c1', (list) => [...list, next]));
    await waitFor(() => expect(result.current.data).toEqual([...tail, next]));
  });
});

describe('updateMessageText', () => {
  afterEach(() => mockedCall.mockReset());

  it('refuses a message of no saved conversation with "conversationId is required", asking nothing', async () => {
    for (const id of ['', 'new', 'search']) {
      await expect(updateMessageText(id, 'm1', 'x')).rejects.toThrow('conversationId is required');
    }
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('saves the text of a saved conversation', async () => {
    mockedCall.mockResolvedValue(msg(1));
    await expect(updateMessageText('c1', 'm1', 'fixed')).resolves.toEqual(msg(1));
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.editMessage, {
      params: { conversationId: 'c1', messageId: 'm1' },
      body: { text: 'fixed' },
    });
  });
});
