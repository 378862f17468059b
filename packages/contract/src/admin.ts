/**
 * The admin panel (business §2 "Admin panel", §4, §6 "Admin panel operator", §8): zod-free values
 * the client's panel and the server share.
 */

/** §6: what a signed-in account other than the operator sees at /admin. */
export const ADMIN_TEXTS = {
  accessDeniedTitle: 'Access Denied',
  accessDenied:
    'You are not authorized to view this page. Please contact an administrator if you believe this is an error.',
  /** §8: a table that failed to load reads "Error loading {table} data: {message}". */
  unknownError: 'Unknown error',
} as const;

/**
 * §6 Configurable models: G3 (grok-3), D1-mini (deepseek-chat), GPT-4.1 Unfiltered and GPT-4.1
 * Mini Unfiltered. A config is kept under the name requests carry (model-relabel.ts: the spec's
 * unfiltered names are labels of gpt-4.1 and gpt-4.1-mini), which the ask pipeline looks up.
 */
export const ADMIN_CONFIGURABLE_MODELS = [
  { name: 'grok-3', label: 'G3' },
  { name: 'deepseek-chat', label: 'D1-mini' },
  { name: 'gpt-4.1', label: 'GPT-4.1 Unfiltered' },
  { name: 'gpt-4.1-mini', label: 'GPT-4.1 Mini Unfiltered' },
] as const;

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'impersonate',
  'end_impersonation',
  'ban',
  'unban',
  'role_change',
  'model_config',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ADMIN_LIMITS = {
  /** Rows of the activity and audit tables per page (default and most). */
  pageSizeDefault: 50,
  pageSizeMax: 200,
  /** A ban's reason, in characters. */
  banReasonMax: 500,
} as const;
