import { z } from 'zod';
import { FORK_RATE_LIMIT_DEFAULTS } from '@chat/contract';

/** The environment variables this feature reads (LibreChat's names and defaults; windows in minutes). */
export const forkEnv = {
  /** Forks and duplicates one user may make per window. */
  FORK_USER_MAX: z.coerce.number().int().min(1).max(100_000).default(FORK_RATE_LIMIT_DEFAULTS.userMax),
  FORK_USER_WINDOW: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(FORK_RATE_LIMIT_DEFAULTS.userWindowMinutes),
  /** Forks and duplicates one source address may make per window (every account behind it). */
  FORK_IP_MAX: z.coerce.number().int().min(1).max(100_000).default(FORK_RATE_LIMIT_DEFAULTS.ipMax),
  FORK_IP_WINDOW: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(FORK_RATE_LIMIT_DEFAULTS.ipWindowMinutes),
};
