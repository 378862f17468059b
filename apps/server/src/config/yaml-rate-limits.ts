import { z } from 'zod';
import { YAML_RATE_LIMIT_DEFAULTS, type YamlRateLimit } from '@chat/contract';

/**
 * librechat.yaml `rateLimits`: the upload and import limits per address and per user. An entry
 * turns its limit on; a field it leaves out takes LibreChat's default. LibreChat's other entries
 * (mcpApps, agentEvents, …) are unknown here and named in the start-up warning.
 */
const count = z.number().int().min(1).max(1_000_000);
const minutes = z.number().int().min(1).max(525_600);
const entry = z.strictObject({
  ipMax: count.optional(),
  ipWindowInMinutes: minutes.optional(),
  userMax: count.optional(),
  userWindowInMinutes: minutes.optional(),
});

export const yamlRateLimitsSchema = z.strictObject({
  fileUploads: entry.nullish(),
  conversationsImport: entry.nullish(),
  // The speech routes' limits (read by config/yaml-speech.ts; always on, LibreChat's defaults).
  tts: entry.nullish(),
  stt: entry.nullish(),
});
export type YamlRateLimits = z.output<typeof yamlRateLimitsSchema>;

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
