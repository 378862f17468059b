import { z } from 'zod';
import { SOCIAL_BONUS_DEFAULT_TOKENS, SOCIAL_PLATFORMS } from '@chat/contract';
import { list } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const socialBonusEnv = {
  /** The social-media bonus per platform, in token credits; 0 turns it off. */
  SOCIAL_BONUS_TOKENS: z.coerce.number().int().min(0).max(1_000_000_000).default(SOCIAL_BONUS_DEFAULT_TOKENS),
  /** The platforms offering it (comma-separated, of the contract's SOCIAL_PLATFORMS); all when unset. */
  SOCIAL_BONUS_PLATFORMS: list().pipe(z.array(z.enum(SOCIAL_PLATFORMS)).optional()),
};
