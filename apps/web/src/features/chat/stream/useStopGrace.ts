import { useEffect, useState } from 'react';
import { TIMINGS } from '@chat/contract';

/**
 * True for TIMINGS.stopGraceMs after a stop (the stop button stays that long).
 * The grace is counted from the commit that shows the reply stopped (this hook's effect runs
 * right after it), not from when the stop was handled: on a busy page, rendering can lag the
 * stop by tens of milliseconds, and the person must still see Stop for the whole grace. A stop
 * from before this view opened (more than a grace earlier) has none left.
 */
export function useStopGrace(stoppedAt: number | null): boolean {
  const [mountedAt] = useState(() => Date.now());
  const [over, setOver] = useState<number | null>(null);
  useEffect(() => {
    if (stoppedAt === null || stoppedAt <= mountedAt - TIMINGS.stopGraceMs) return;
    const timer = setTimeout(() => setOver(stoppedAt), TIMINGS.stopGraceMs);
    return () => clearTimeout(timer);
  }, [stoppedAt, mountedAt]);
  return stoppedAt !== null && stoppedAt > mountedAt - TIMINGS.stopGraceMs && over !== stoppedAt;
}
