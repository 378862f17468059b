// Saved provider keys: their expiry choices, sizes and the grammar of Azure's URL parts, zod-free;
// the route rows and their schemas are in keys-schemas.ts.

/** How long a saved key lives: the choices, 12 hours by default. */
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

/** What a Google service key (a service account's JSON key file) must hold. */
export const GOOGLE_SERVICE_KEY_LIMITS = { clientEmailMin: 3, projectIdMin: 3, privateKeyMin: 601 } as const;
