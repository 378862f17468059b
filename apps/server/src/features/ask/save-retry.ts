import type { FastifyBaseLogger } from 'fastify';
import { REPLY_SAVE_RETRY } from '@chat/contract';
import { isTransientDatabaseError } from '../../db/errors.js';

export interface SaveRetryOptions {
  /** How long a reply's final save is tried again before the client is told (REPLY_SAVE_RETRY_MS). */
  budgetMs?: number | undefined;
  /** The app's clock (ms); Date.now unless a test moves time on. */
  clock?: (() => number) | undefined;
}

/**
 * Saves that wait for the database: a write failing with a database error that passes (the
 * server gone, a disk full, a deadlock: isTransientDatabaseError) is tried again with backoff,
 * from REPLY_SAVE_RETRY.firstDelayMs doubling up to its maxDelayMs (both at most the budget, so a
 * short budget retries often). Any other error is thrown at once: the program's own, or a
 * statement refused for what it holds (a constraint), which no wait would change. `close` (the app closing) ends every wait: what was
 * still unsaved is reported lost by its caller.
 */
export function createSaveRetry(opts: SaveRetryOptions, log: FastifyBaseLogger) {
  const budgetMs = opts.budgetMs ?? REPLY_SAVE_RETRY.budgetMs;
  const maxDelayMs = Math.max(1, Math.min(REPLY_SAVE_RETRY.maxDelayMs, budgetMs));
  const firstDelayMs = Math.min(REPLY_SAVE_RETRY.firstDelayMs, maxDelayMs);
  const now = opts.clock ?? Date.now;
  let closed = false;
  const waits = new Set<() => void>();

  /** Resolves after `ms`, or at once when closed. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
    });

  return {
    budgetMs,

    /** The deadline of a save starting now. */
    deadline(): number {
      return now() + budgetMs;
    },

    /**
     * Runs `task` until it succeeds: its value, or undefined when `deadline` passed (null: no
     * deadline) or the app closed with the database still failing. `what` names it in the log.
     */
    async attempt<T>(
      task: () => Promise<T>,
      deadline: number | null,
      what: string,
    ): Promise<{ value: T } | undefined> {
      let delay = firstDelayMs;
      for (let failures = 0; ; failures++) {
        try {
          const value = await task();
          if (failures > 0) log.info({ failures }, `${what}: saved once the database answered`);
          return { value };
        } catch (err) {
          if (!isTransientDatabaseError(err)) throw err;
          // The first failure with its error; then one line per doubling (not one per attempt).
          if (failures === 0) log.warn({ err }, `${what} failed; trying again`);
          if (closed) return undefined;
          const left = deadline === null ? delay : deadline - now();
          if (left <= 0) return undefined;
          await sleep(Math.min(delay, left));
          if (closed) return undefined;
          delay = Math.min(delay * 2, maxDelayMs);
        }
      }
    },

    /** Ends every wait (the app is closing): unsaved work is given up by its owner. */
    close(): void {
      closed = true;
      for (const done of [...waits]) done();
    },
  };
}
export type SaveRetry = ReturnType<typeof createSaveRetry>;
