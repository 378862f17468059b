import { z } from 'zod';
import { list } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const premiumEnv = {
  /** Premium-model sends a basic user gets per UTC day; setting it turns the limit on. */
  PREMIUM_DAILY_USES: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** The premium models (comma-separated names); the contract's PREMIUM_DEFAULT_MODELS when unset. */
  PREMIUM_MODELS: list(),
};
