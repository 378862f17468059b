/**
 * The error log: every
 * provider or server error that reaches a user, kept for the operator (ADMIN_EMAIL) to find by
 * its code. Zod-free: the admin panel's first paint reads these.
 */

export const ERROR_LOG_LIMITS = {
  /** The admin error search pages by 20. */
  pageSize: 20,
  /** The largest page a caller may ask for (getRecentErrors, getErrorsByCode). */
  maxPageSize: 100,
  /** The longest error code searched for. */
  codeMax: 100,
  /** What is kept of each field (longer values are cut): the user's input, the message, the stack. */
  textMax: 2000,
  messageMax: 2000,
  stackMax: 8000,
  /** Short fields (type, model, endpoint, route). */
  fieldMax: 200,
} as const;

/**
 * Bounded retention: the log keeps the newest `maxRows` records and none older than `maxAgeDays`;
 * pruned after every `pruneEvery` records written (and at start-up).
 */
export const ERROR_LOG_RETENTION = {
  maxRows: 10_000,
  maxAgeDays: 30,
  pruneEvery: 100,
} as const;

/** `errorType` of a record: an upstream's failure, or the server's own (then the error's class). */
export const ERROR_LOG_PROVIDER_TYPE = 'provider';

/** "x–y of total" of a page that starts at `skip` and holds `count` records. */
export function errorPageRange(skip: number, count: number, total: number): { from: number; to: number } {
  if (count === 0) return { from: 0, to: 0 };
  return { from: skip + 1, to: Math.min(skip + count, total) };
}
