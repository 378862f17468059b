import { z } from 'zod';
import { authResponseSchema } from './api-schemas.js';
import { route } from './route-def.js';
import { AUTH_LIMITS } from './limits.js';
import { ADMIN_LIMITS, AUDIT_ACTIONS } from './admin.js';

const emailBody = z.object({ email: z.string().trim().min(1).max(AUTH_LIMITS.emailMax) });

export const adminPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageSizeMax).default(ADMIN_LIMITS.pageSizeDefault),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Activity row: email, token (usage), message (total messages). */
export const activityRowSchema = z.object({
  email: z.string(),
  username: z.string().nullable(),
  /** Tokens used (prompt + completion of every settled reply). */
  token: z.number().int(),
  /** Messages the user sent. */
  message: z.number().int(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** Who: the operator (their email as it was; null id once the account is gone). */
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Whom: the account acted on, or the model config's name. */
  target: z.string(),
  /** What else: a ban's duration and reason, a role, the fields of a config changed. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The operator's calls beyond moderation's. */
export const ADMIN_ROUTES = {
  unbanUser: route({
    method: 'POST',
    path: '/api/admin/unbanUser',
    summary: "End a user's ban now (the operator only)",
    body: emailBody,
    response: z.object({ email: z.string() }),
  }),
  getUserActivity: route({
    method: 'GET',
    path: '/api/admin/getUserActivity',
    summary: 'Users by token usage, most first, with their message counts, paged (the operator only)',
    query: adminPageQuerySchema,
    response: z.object({ rows: z.array(activityRowSchema), total: z.number().int() }),
  }),
  impersonate: route({
    method: 'POST',
    path: '/api/admin/impersonate',
    summary:
      "Sign in as a user: answers the user's session (marked as the operator's impersonation; the operator's ends) (the operator only)",
    body: emailBody,
    response: authResponseSchema,
  }),
  endImpersonation: route({
    method: 'POST',
    path: '/api/admin/endImpersonation',
    summary:
      "End an impersonation session and answer the operator's own session (an impersonation session only)",
    response: authResponseSchema,
  }),
  getAuditLog: route({
    method: 'GET',
    path: '/api/admin/getAuditLog',
    summary: "The operator's actions, newest first, paged (the operator only)",
    query: adminPageQuerySchema,
    response: z.object({ entries: z.array(auditEntrySchema), total: z.number().int() }),
  }),
} as const;
