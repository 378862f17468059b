import { z } from 'zod';
import { endpointNameSchema } from './entities.js';
import { route } from './route-def.js';

/** How long a saved key lives (spec §4 User keys): the choices, 12 hours by default. */
export const KEY_EXPIRY_CHOICES = [
  { key: 'com_endpoint_config_key_expiry_30m', ms: 30 * 60_000 },
  { key: 'com_endpoint_config_key_expiry_2h', ms: 2 * 3_600_000 },
  { key: 'com_endpoint_config_key_expiry_12h', ms: 12 * 3_600_000 },
  { key: 'com_endpoint_config_key_expiry_1d', ms: 24 * 3_600_000 },
  { key: 'com_endpoint_config_key_expiry_7d', ms: 7 * 24 * 3_600_000 },
  { key: 'com_endpoint_config_key_expiry_30d', ms: 30 * 24 * 3_600_000 },
] as const;
export const KEY_EXPIRY_DEFAULT_MS = 12 * 3_600_000;
/** The longest expiry a client may ask for (the longest choice, plus a minute of clock skew). */
export const KEY_EXPIRY_MAX_MS = 30 * 24 * 3_600_000 + 60_000;
/** A key's value: a key, or the JSON of a per-endpoint shape (a service account is ~2.5 KB). */
export const KEY_VALUE_MAX_CHARS = 16_384;

/**
 * The value of a saved key, per endpoint kind (spec §3 User-provided key), in LibreChat's field
 * names. OpenAI and Anthropic: the key itself as a plain string.
 */
export const customKeyValueSchema = z.object({
  apiKey: z.string().min(1),
  baseURL: z.string().optional(),
});
/**
 * The grammar of each Azure OpenAI value that becomes part of a request's URL (the instance is
 * the host's first label, the deployment a path segment, the version a query value): anything
 * else could move the request to another host or path.
 */
export const AZURE_URL_PARTS = {
  /** A resource name: letters, digits and inner hyphens, at most 64 (one DNS label). */
  instanceName: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/,
  /** A deployment name: letters, digits, `_`, `.`, `-`, starting with a letter or digit, at most 64. */
  deploymentName: /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
  /** An API version: a date with an optional tag (`2024-10-21`, `2025-01-01-preview`), or `v1`, `latest`, `preview`. */
  apiVersion: /^(?:\d{4}-\d{2}-\d{2}(?:-[a-z]+)?|v\d{1,2}|latest|preview)$/,
} as const;
export const azureKeyValueSchema = z.object({
  azureOpenAIApiKey: z.string().min(1),
  azureOpenAIApiInstanceName: z
    .string()
    .regex(AZURE_URL_PARTS.instanceName, 'must be an Azure resource name (letters, digits, hyphens)'),
  azureOpenAIApiDeploymentName: z
    .string()
    .regex(AZURE_URL_PARTS.deploymentName, 'must be a deployment name (letters, digits, _ . -)'),
  azureOpenAIApiVersion: z
    .string()
    .regex(AZURE_URL_PARTS.apiVersion, 'must be an API version such as 2024-10-21'),
});
/** Spec §5: what a Google service key (a service account's JSON key file) must hold. */
export const GOOGLE_SERVICE_KEY_LIMITS = { clientEmailMin: 3, projectIdMin: 3, privateKeyMin: 601 } as const;
export const googleServiceKeySchema = z.object({
  client_email: z
    .string()
    .min(GOOGLE_SERVICE_KEY_LIMITS.clientEmailMin, 'must be at least 3 characters')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address'),
  project_id: z.string().min(GOOGLE_SERVICE_KEY_LIMITS.projectIdMin, 'must be at least 3 characters'),
  private_key: z.string().min(GOOGLE_SERVICE_KEY_LIMITS.privateKeyMin, 'must be at least 601 characters'),
  /** Where the key's JWT is exchanged for an access token (default Google's own). */
  token_uri: z.string().url('must be a URL').optional(),
});
export const googleKeyValueSchema = z
  .object({
    GOOGLE_SERVICE_KEY: googleServiceKeySchema.optional(),
    GOOGLE_API_KEY: z.string().min(1).optional(),
  })
  .refine((v) => v.GOOGLE_SERVICE_KEY || v.GOOGLE_API_KEY, {
    message: 'a service key or an API key is required',
  });

export const keyNameQuerySchema = z.object({ name: endpointNameSchema });
export const keyExpiryResponseSchema = z.object({
  /** When the saved key expires (ISO); null when the user has none (or it expired). */
  expiresAt: z.string().nullable(),
});
export type KeyExpiryResponse = z.infer<typeof keyExpiryResponseSchema>;

export const updateKeyRequestSchema = z.object({
  name: endpointNameSchema,
  value: z.string().trim().min(1, 'value is required').max(KEY_VALUE_MAX_CHARS),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type UpdateKeyRequest = z.infer<typeof updateKeyRequestSchema>;
export const updateKeyResponseSchema = z.object({ name: z.string(), expiresAt: z.string() });

export const deleteKeysQuerySchema = z.object({ all: z.enum(['true']) });
export const deleteKeysResponseSchema = z.object({ deletedCount: z.number().int() });

/** The user's own provider keys (spec §7 Keys). */
export const KEYS_ROUTES = {
  keyExpiry: route({
    method: 'GET',
    path: '/api/keys',
    summary: "When the caller's key for an endpoint expires",
    query: keyNameQuerySchema,
    response: keyExpiryResponseSchema,
  }),
  updateKey: route({
    method: 'PUT',
    path: '/api/keys',
    summary: 'Save (replace) the caller’s key for an endpoint, encrypted, until expiresAt',
    body: updateKeyRequestSchema,
    response: updateKeyResponseSchema,
  }),
  deleteKey: route({
    method: 'DELETE',
    path: '/api/keys/:name',
    summary: "Revoke the caller's key for one endpoint",
    params: z.object({ name: endpointNameSchema }),
    response: deleteKeysResponseSchema,
  }),
  deleteAllKeys: route({
    method: 'DELETE',
    path: '/api/keys',
    summary: "Revoke all the caller's keys (?all=true)",
    query: deleteKeysQuerySchema,
    response: deleteKeysResponseSchema,
  }),
} as const;
