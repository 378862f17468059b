import { z } from 'zod';
import { MODERATION_DEFAULTS } from '@chat/contract';
import { bool, durationMs } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const moderationEnv = {
  /** Each message is checked by OpenAI's moderation API before it is sent (LibreChat's names). */
  OPENAI_MODERATION: bool(false),
  OPENAI_MODERATION_API_KEY: z.string().trim().optional(),
  /** The full URL of the moderations route (LibreChat's meaning: not a base URL). */
  OPENAI_MODERATION_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  // Bans, violations and message limits (LibreChat's names; defaults: the contract's MODERATION_DEFAULTS).
  BAN_VIOLATIONS: bool(MODERATION_DEFAULTS.banViolations),
  /** Milliseconds, a number or a product as LibreChat's .env.example writes it (`1000 * 60 * 60 * 2`). */
  BAN_DURATION: durationMs(),
  BAN_INTERVAL: z.coerce.number().int().min(1).optional(),
  LOGIN_VIOLATION_SCORE: z.coerce.number().int().min(0).optional(),
  CONCURRENT_VIOLATION_SCORE: z.coerce.number().int().min(0).optional(),
  MESSAGE_VIOLATION_SCORE: z.coerce.number().int().min(0).optional(),
  ILLEGAL_MODEL_REQ_SCORE: z.coerce.number().int().min(0).optional(),
  LIMIT_CONCURRENT_MESSAGES: bool(MODERATION_DEFAULTS.limitConcurrentMessages),
  CONCURRENT_MESSAGE_MAX: z.coerce.number().int().min(1).optional(),
  LIMIT_MESSAGE_IP: bool(MODERATION_DEFAULTS.limitMessageIp),
  MESSAGE_IP_MAX: z.coerce.number().int().min(1).optional(),
  MESSAGE_IP_WINDOW: z.coerce.number().int().min(1).optional().describe('minutes'),
  LIMIT_MESSAGE_USER: bool(MODERATION_DEFAULTS.limitMessageUser),
  MESSAGE_USER_MAX: z.coerce.number().int().min(1).optional(),
  MESSAGE_USER_WINDOW: z.coerce.number().int().min(1).optional().describe('minutes'),
};
