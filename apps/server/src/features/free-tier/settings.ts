import { z } from 'zod';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const freeTierEnv = {
  /** The free tier's messages per device; setting it turns the free tier on. */
  FREE_TIER_MESSAGES: z.coerce.number().int().min(0).max(1_000_000).optional(),
};
