/**
 * The admin panel: zod-free values
 * the client's panel and the server share.
 */

/** What a signed-in account other than the operator sees at /admin. */
export const ADMIN_TEXTS = {
  /** One sentence, its heading included, as the spec words it. */
  accessDenied:
    'Access Denied: You are not authorized to view this page. Please contact an administrator if you believe this is an error.',
  /** A table that failed to load reads "Error loading {table} data: {message}". */
  unknownError: 'Unknown error',
} as const;

/**
 * The operator's configurable models: the product's G3 (grok-3) and D1-mini (deepseek-chat), and
 * the unfiltered variants of gpt-4.1 and gpt-4.1-mini. `name` is the config's key (the admin
 * panel's and /api/model-configs/:name's); `model` is the name requests carry, which the ask
 * pipeline maps back to the key with `modelConfigKey`.
 */
export const ADMIN_CONFIGURABLE_MODELS = [
  { name: 'grok-3', label: 'G3', model: 'grok-3' },
  { name: 'deepseek-chat', label: 'D1-mini', model: 'deepseek-chat' },
  { name: 'gpt-4.1-unfiltered', label: 'GPT-4.1 Unfiltered', model: 'gpt-4.1' },
  { name: 'gpt-4.1-mini-unfiltered', label: 'GPT-4.1 Mini Unfiltered', model: 'gpt-4.1-mini' },
] as const;

/** The model config that applies to a request for `model`: its configurable key, else the name. */
export function modelConfigKey(model: string): string {
  return ADMIN_CONFIGURABLE_MODELS.find((m) => m.model === model)?.name ?? model;
}

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'impersonate',
  'end_impersonation',
  'ban',
  'unban',
  'role_change',
  'model_config',
  /** The operator reset an account's second factor (two-factor authentication, passkeys). */
  'reset_2fa',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ADMIN_LIMITS = {
  /** Rows of the activity and audit tables per page (default and most). */
  pageSizeDefault: 50,
  pageSizeMax: 200,
  /** A ban's reason, in characters. */
  banReasonMax: 500,
} as const;
