import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@chat/contract';
import { useStopGrace } from './useStopGrace';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the stop grace', () => {
  it('lasts the whole grace from the commit that shows the stop, even when that commit is late', () => {
    const { result, rerender } = renderHook(({ at }: { at: number | null }) => useStopGrace(at), {
      initialProps: { at: null as number | null },
    });
    expect(result.current).toBe(false);
    const stoppedAt = Date.now();
    vi.advanceTimersByTime(80); // the page rendered the stop 80 ms after it was handled
    rerender({ at: stoppedAt });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(TIMINGS.stopGraceMs - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('has none left for a stop from before the view opened', () => {
    const stoppedAt = Date.now();
    vi.advanceTimersByTime(TIMINGS.stopGraceMs + 1);
    const { result } = renderHook(() => useStopGrace(stoppedAt));
    expect(result.current).toBe(false);
  });
});
