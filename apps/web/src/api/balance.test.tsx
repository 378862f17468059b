import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, focusManager, onlineManager } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API_ROUTE_PATHS, type RoutePath, type StartupConfig } from '@chat/contract';
import { callApi } from './call';
import { useBalance } from './balance';
import { queryKeys } from './keys';

vi.mock('./call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);
const balanceCalls = () =>
  mockedCall.mock.calls.filter(([route]) => route === API_ROUTE_PATHS.balance).length;

function setup(checkBalance: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  mockedCall.mockImplementation(async (route: RoutePath) =>
    route === API_ROUTE_PATHS.config ? ({ checkBalance } as StartupConfig) : 19_500,
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return { qc, ...renderHook(() => useBalance(true), { wrapper }) };
}

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  mockedCall.mockReset();
});

describe('useBalance', () => {
  it('asks nothing when the server does not check balances', async () => {
    const { result } = setup(false);
    await waitFor(() => expect(mockedCall).toHaveBeenCalledTimes(1));
    expect(result.current.data).toBeUndefined();
    expect(balanceCalls()).toBe(0);
  });

  it('loads the balance, and refetches on focus, on reconnect and after a reply', async () => {
    focusManager.setFocused(true);
    const { result, qc } = setup(true);
    await waitFor(() => expect(result.current.data).toBe(19_500));
    expect(balanceCalls()).toBe(1);

    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(balanceCalls()).toBe(2));

    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await waitFor(() => expect(balanceCalls()).toBe(3));

    await qc.invalidateQueries({ queryKey: queryKeys.balance });
    expect(balanceCalls()).toBe(4);
  });
});
