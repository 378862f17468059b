import { useEffect, useState } from 'react';
import { TIMINGS } from '@chat/contract';

/** True for TIMINGS.stopGraceMs after a stop (the stop button stays that long, spec §4 Stop). */
export function useStopGrace(stoppedAt: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const inGrace = stoppedAt !== null && now - stoppedAt < TIMINGS.stopGraceMs;
  useEffect(() => {
    if (stoppedAt === null) return;
    const left = stoppedAt + TIMINGS.stopGraceMs - Date.now();
    setNow(Date.now());
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [stoppedAt]);
  return inGrace;
}
