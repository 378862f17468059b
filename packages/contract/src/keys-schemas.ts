import { z } from 'zod';
import { endpointNameSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { AZURE_URL_PARTS, GOOGLE_SERVICE_KEY_LIMITS, KEY_VALUE_MAX_CHARS } from './keys.js';

/**
 * The value of a saved key, per endpoint kind, in LibreChat's field
 * names. OpenAI and Anthropic: the key itself as a plain string.
 */
export const customKeyValueSchema = z.object({
  apiKey: z.string().min(1),
  baseURL: z.string().optional(),
});
/** Azure OpenAI's key and the three values its request URL is made of (AZURE_URL_PARTS). */
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
/** A Google service account's JSON key file (GOOGLE_SERVICE_KEY_LIMITS). */
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

/** The user's own provider keys. */
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
