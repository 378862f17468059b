import { z } from 'zod';
import { idSchema } from './entities-schemas.js';
import { ERROR_LOG_LIMITS } from './error-log.js';
import { route } from './route-def.js';

/** Logged error record, plus the server route a 5xx answered (null for a reply's error). */
export const errorRecordSchema = z.object({
  errorId: z.string(),
  errorCode: z.string(),
  errorMessage: z.string(),
  errorType: z.string(),
  errorStack: z.string().nullable(),
  userEmail: z.string().nullable(),
  model: z.string().nullable(),
  endpoint: z.string().nullable(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  text: z.string().nullable(),
  route: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ErrorRecord = z.infer<typeof errorRecordSchema>;

/** A page of records, newest first, and how many match in all. */
export const errorPageSchema = z.object({
  errors: z.array(errorRecordSchema),
  total: z.number().int(),
});
export type ErrorPage = z.infer<typeof errorPageSchema>;

export const errorPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ERROR_LOG_LIMITS.maxPageSize).default(ERROR_LOG_LIMITS.pageSize),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Admin calls: the operator's account (ADMIN_EMAIL) only; 403 for everyone else. */
export const ERROR_LOG_ROUTES = {
  getErrorById: route({
    method: 'GET',
    path: '/api/admin/getErrorById/:id',
    summary: 'One logged error with every field (the operator only)',
    params: z.object({ id: idSchema }),
    response: errorRecordSchema,
  }),
  getRecentErrors: route({
    method: 'GET',
    path: '/api/admin/getRecentErrors',
    summary: 'The newest logged errors, paged by limit and skip (the operator only)',
    query: errorPageQuerySchema,
    response: errorPageSchema,
  }),
  getErrorsByCode: route({
    method: 'GET',
    path: '/api/admin/getErrorsByCode/:code',
    summary: 'The logged errors of one code, newest first, paged by limit and skip (the operator only)',
    params: z.object({ code: z.string().trim().min(1).max(ERROR_LOG_LIMITS.codeMax) }),
    query: errorPageQuerySchema,
    response: errorPageSchema,
  }),
} as const;
