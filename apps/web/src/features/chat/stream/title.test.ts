import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { refreshListAfterNewConversation } from './title';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("a new conversation's list refresh", () => {
  it('reads the sidebar list again at 2 s and at 5 s', () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue(undefined);
    refreshListAfterNewConversation(qc);
    vi.advanceTimersByTime(1999);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: queryKeys.convos.list() });
    vi.advanceTimersByTime(2999);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
