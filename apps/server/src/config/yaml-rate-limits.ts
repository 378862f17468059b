import { z } from 'zod';
import { YAML_RATE_LIMIT_DEFAULTS, type YamlRateLimit } from '@chat/contract';

/**
 * librechat.yaml `rateLimits`: LibreChat's limits per address and per user, one entry per kind of
 * request. The block stays here, whole, because its entries belong to different features while
 * LibreChat writes them side by side: the upload and import limits (`fileUploads`,
 * `conversationsImport`, applied by the moderation's limiter to the files' and the imports'
 * routes) are read here; a feature that applies a limit of its own names its entries in its
 * librechat.yaml declaration (`rateLimits: ['tts', 'stt']`, features/speech/yaml.ts) and is handed
 * them as the file writes them. An entry turns its limit on; a field it leaves out takes
 * LibreChat's default. LibreChat's other entries (mcpApps, agentEvents, …) are unknown here and
 * named in the start-up warning.
 */
const count = z.number().int().min(1).max(1_000_000);
const minutes = z.number().int().min(1).max(525_600);
const entry = z.strictObject({
  ipMax: count.optional(),
  ipWindowInMinutes: minutes.optional(),
  userMax: count.optional(),
  userWindowInMinutes: minutes.optional(),
});
/** One entry as the file writes it (each field may be left out). */
export type YamlRateLimitEntry = z.output<typeof entry>;

/** The block: the entries read here, and those the features' declarations name (`featureKeys`). */
export function yamlRateLimitsSchema<K extends string>(featureKeys: readonly K[]) {
  const declared = Object.fromEntries(featureKeys.map((k) => [k, entry.nullish()])) as Record<
    K,
    z.ZodOptional<z.ZodNullable<typeof entry>>
  >;
  return z.strictObject({
    ...declared,
    fileUploads: entry.nullish(),
    conversationsImport: entry.nullish(),
  });
}
/** The block as read: the entries read here, and any other declared by a feature. */
export type YamlRateLimits = {
  fileUploads?: YamlRateLimitEntry | null | undefined;
  conversationsImport?: YamlRateLimitEntry | null | undefined;
} & Partial<Record<string, YamlRateLimitEntry | null>>;

/** A limit in force: at most `max` requests per window, by address and by user. */
export interface RouteRateLimit {
  ip: { max: number; windowMs: number };
  user: { max: number; windowMs: number };
}

export interface UploadRateLimits {
  fileUploads?: RouteRateLimit | undefined;
  conversationsImport?: RouteRateLimit | undefined;
}

function limitOf(name: keyof typeof YAML_RATE_LIMIT_DEFAULTS, set: Partial<YamlRateLimit>): RouteRateLimit {
  const v = {
    ...YAML_RATE_LIMIT_DEFAULTS[name],
    ...Object.fromEntries(Object.entries(set).filter(([, x]) => x !== undefined)),
  };
  return {
    ip: { max: v.ipMax, windowMs: v.ipWindowInMinutes * 60_000 },
    user: { max: v.userMax, windowMs: v.userWindowInMinutes * 60_000 },
  };
}

/** The limits the file turns on (an entry present, even empty: `fileUploads: {}` or `fileUploads:`). */
export function uploadRateLimitsFrom(block: YamlRateLimits | undefined): UploadRateLimits {
  const out: UploadRateLimits = {};
  if (!block) return out;
  for (const name of ['fileUploads', 'conversationsImport'] as const) {
    if (name in block) out[name] = limitOf(name, block[name] ?? {});
  }
  return out;
}
