/**
 * The counters of the message limits, behind an async interface so that several instances can
 * share them (`redis-limiter.ts`: one Lua script per operation). This one keeps them in this process.
 */
export interface LimiterStore {
  /** Counts one more hit of `key` in its window (fixed, `windowMs` long from the first hit); the count so far. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The hits of `key` in its current window (0 when none is open), without counting one. */
  count(key: string): Promise<number>;
  /** Takes one of `max` slots of `key`: the way to give it back, or null when all are taken. */
  acquire(key: string, max: number): Promise<SlotRelease | null>;
}

/** Gives back a slot `acquire` took (once; later calls do nothing). */
export type SlotRelease = () => Promise<void>;

export function createMemoryLimiter(clock: () => number = Date.now): LimiterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const slots = new Map<string, number>();

  /** Windows that ended are dropped now and then, so idle keys do not pile up. */
  function sweep(now: number): void {
    if (windows.size < 10_000) return;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }

  return {
    async hit(key, windowMs) {
      const now = clock();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        sweep(now);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return w.count;
    },
    async count(key) {
      const w = windows.get(key);
      return w && w.resetAt > clock() ? w.count : 0;
    },
    async acquire(key, max) {
      const held = slots.get(key) ?? 0;
      if (held >= max) return null;
      slots.set(key, held + 1);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        const now = slots.get(key) ?? 0;
        if (now <= 1) slots.delete(key);
        else slots.set(key, now - 1);
      };
    },
  };
}
