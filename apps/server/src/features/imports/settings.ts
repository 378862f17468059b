import { z } from 'zod';
import { IMPORT_DEFAULTS, IMPORT_LIMITS } from '@chat/contract';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const importsEnv = {
  /** The per-user import quota: the largest file of one import, and imports at once per user. */
  IMPORT_MAX_FILE_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(IMPORT_LIMITS.maxFileBytes / 1024 / 1024)
    .default(IMPORT_DEFAULTS.maxFileMb),
  IMPORT_MAX_ACTIVE_JOBS: z.coerce.number().int().min(1).max(100).default(IMPORT_DEFAULTS.maxActiveJobs),
};
