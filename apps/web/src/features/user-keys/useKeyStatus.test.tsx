import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EndpointsConfig } from '@chat/contract';
import { callApi } from '../../api/call';
import { useKeyStatus } from './useKeyStatus';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  anthropic: { order: 6, type: 'anthropic', userProvide: true },
};

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  mockedCall.mockReset();
});

describe('useKeyStatus', () => {
  it('needs no key (and asks nothing) where the server holds it', () => {
    const { result } = renderHook(() => useKeyStatus('openAI', config), { wrapper });
    expect(result.current).toEqual({ required: false, checking: false, missing: false, expiresAt: null });
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('is missing when the person has no key', async () => {
    mockedCall.mockResolvedValue({ expiresAt: null });
    const { result } = renderHook(() => useKeyStatus('anthropic', config), { wrapper });
    expect(result.current.checking).toBe(true);
    expect(result.current.missing).toBe(false);
    await waitFor(() => expect(result.current.missing).toBe(true));
    expect(mockedCall.mock.calls[0]?.[1]).toMatchObject({ query: { name: 'anthropic' } });
  });

  it('is missing when the key cannot be checked', async () => {
    mockedCall.mockRejectedValue(new Error('down'));
    const { result } = renderHook(() => useKeyStatus('anthropic', config), { wrapper });
    await waitFor(() => expect(result.current.missing).toBe(true));
  });

  it('becomes missing the moment the key expires, and asks the server again just after', async () => {
    // A visible page (the recheck waits while the tab is in the background, then runs on focus).
    focusManager.setFocused(true);
    const expiresAt = new Date(Date.now() + 300).toISOString();
    mockedCall.mockResolvedValueOnce({ expiresAt }).mockResolvedValue({ expiresAt: null });
    const { result } = renderHook(() => useKeyStatus('anthropic', config), { wrapper });
    await waitFor(() => expect(result.current.expiresAt).toBe(expiresAt));
    expect(result.current.missing).toBe(false);
    await waitFor(() => expect(result.current.missing).toBe(true));
    await waitFor(() => expect(mockedCall).toHaveBeenCalledTimes(2), { timeout: 3_000 });
  });
});
