import { z } from 'zod';
import { route } from './route-def.js';
import { AUTH_LIMITS } from './limits.js';
import { ADMIN_LIMITS } from './admin.js';

/** Longest ban the operator may give: one year, in milliseconds. */
export const BAN_DURATION_MAX_MS = 365 * 24 * 60 * 60_000;

/** POST /api/admin/banUser: the user's email; the duration defaults to BAN_DURATION. */
export const banUserRequestSchema = z.object({
  email: z.string().trim().min(1).max(AUTH_LIMITS.emailMax),
  /** Milliseconds; BAN_DURATION when absent. */
  duration: z.number().int().min(1000).max(BAN_DURATION_MAX_MS).optional(),
  /** Why (kept with the ban, shown in the banned list and the audit log). */
  reason: z.string().trim().max(ADMIN_LIMITS.banReasonMax).optional(),
});
export type BanUserRequest = z.infer<typeof banUserRequestSchema>;

/** Banned user: email, username; plus when the ban ends. */
export const bannedUserSchema = z.object({
  email: z.string(),
  username: z.string().nullable(),
  /** Until when (ISO): the ban's end. */
  expiresAt: z.string(),
  /** The operator's reason; null for a ban without one (or for violations). */
  reason: z.string().nullable(),
});
export type BannedUser = z.infer<typeof bannedUserSchema>;

/** Violation row: email, username, count (violations this month); plus their score. */
export const violationRowSchema = z.object({
  email: z.string(),
  username: z.string().nullable(),
  count: z.number().int(),
  score: z.number().int(),
});
export type ViolationRow = z.infer<typeof violationRowSchema>;

/** Admin calls (the operator's account only: ADMIN_EMAIL). */
export const MODERATION_ROUTES = {
  banUser: route({
    method: 'POST',
    path: '/api/admin/banUser',
    summary: 'Ban a user by email for BAN_DURATION or the given duration (the operator only)',
    body: banUserRequestSchema,
    response: bannedUserSchema,
  }),
  getBannedUsers: route({
    method: 'GET',
    path: '/api/admin/getBannedUsers',
    summary: 'The users banned now (the operator only)',
    response: z.array(bannedUserSchema),
  }),
  getTopViolationsThisMonth: route({
    method: 'GET',
    path: '/api/admin/getTopViolationsThisMonth',
    summary: 'The users with the most violations this month (the operator only)',
    response: z.array(violationRowSchema),
  }),
} as const;
