import { IMAGE_LIMIT_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';

export interface FairSlotLimits {
  /** Tasks running at once, in all. */
  atOnce: number;
  /** Tasks of one owner running at once. */
  perOwner: number;
  /** Tasks of one owner waiting for their turn; one more is refused (429) at once. */
  queuedPerOwner: number;
}

interface Waiting {
  owner: string;
  start: () => void;
}

/**
 * Runs tasks a few at a time, fairly between owners: decoding an image may take up to
 * MAX_IMAGE_PIXELS × 4 bytes and a CPU core, so uploads are re-encoded `atOnce` at a time, and
 * one owner never has more than `perOwner` of them running. A waiting task whose owner is at that
 * bound lets the next owner's task go first, so a user who sends many heavy images waits behind
 * them alone; everyone else's go in their turn.
 */
export function createFairSlots(limits: FairSlotLimits) {
  let running = 0;
  const runningOf = new Map<string, number>();
  const queuedOf = new Map<string, number>();
  const waiting: Waiting[] = [];
  const count = (map: Map<string, number>, owner: string, by: number) => {
    const n = (map.get(owner) ?? 0) + by;
    if (n === 0) map.delete(owner);
    else map.set(owner, n);
  };
  const startNext = () => {
    while (running < limits.atOnce) {
      const i = waiting.findIndex((w) => (runningOf.get(w.owner) ?? 0) < limits.perOwner);
      if (i < 0) return;
      const [next] = waiting.splice(i, 1);
      count(queuedOf, next!.owner, -1);
      take(next!.owner);
      next!.start();
    }
  };
  const take = (owner: string) => {
    running += 1;
    count(runningOf, owner, 1);
  };
  const release = (owner: string) => {
    running -= 1;
    count(runningOf, owner, -1);
    startNext();
  };

  return async function run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    if (running < limits.atOnce && (runningOf.get(owner) ?? 0) < limits.perOwner) {
      take(owner);
    } else {
      if ((queuedOf.get(owner) ?? 0) >= limits.queuedPerOwner) {
        throw new AppError('too_many_requests', IMAGE_LIMIT_TEXTS.busy);
      }
      count(queuedOf, owner, 1);
      await new Promise<void>((start) => waiting.push({ owner, start }));
    }
    try {
      return await task();
    } finally {
      release(owner);
    }
  };
}
