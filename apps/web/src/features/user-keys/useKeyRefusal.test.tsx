import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKeys } from '../../api/keys';
import { useKeyRefusal, type Refusal } from './useKeyRefusal';

afterEach(cleanup);

describe('useKeyRefusal', () => {
  it('opens the key dialog once for a no_user_key refusal and has the expiry asked again', () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    const open = vi.fn();
    const refusal: Refusal = { code: 'no_user_key' };
    const { rerender } = renderHook(({ error }) => useKeyRefusal(error, 'anthropic', open), {
      wrapper,
      initialProps: { error: null as Refusal | null },
    });
    expect(open).not.toHaveBeenCalled();
    rerender({ error: { code: 'upstream_error' } });
    expect(open).not.toHaveBeenCalled();
    rerender({ error: refusal });
    expect(open).toHaveBeenCalledWith('anthropic');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.userKeys.one('anthropic') });
    // The same refusal seen again (the view re-rendered or came back) does not reopen it.
    rerender({ error: refusal });
    cleanup();
    renderHook(() => useKeyRefusal(refusal, 'anthropic', open), { wrapper });
    expect(open).toHaveBeenCalledOnce();
  });
});
