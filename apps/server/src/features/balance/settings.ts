import { z } from 'zod';
import { BALANCE_HELP_TEXT_MAX } from '@chat/contract';
import { bool } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const balanceEnv = {
  CHECK_BALANCE: bool(false),
  /** Credits a new account starts with when CHECK_BALANCE is on (LibreChat's name and default). */
  START_BALANCE: z.coerce.number().int().min(0).max(1_000_000_000_000).default(20_000),
  /** The operator's word on getting more credits, shown where a send is refused for them. */
  BALANCE_HELP_TEXT: z.string().trim().max(BALANCE_HELP_TEXT_MAX).optional(),
};
