import { z } from 'zod';
import { endpointsConfigSchema, modelsConfigSchema } from './api-schemas.js';
import { route } from './route-def.js';

/**
 * GET /api/endpoints/config/override (LibreChat's path): `false` when the server's configuration
 * overrides nothing, as LibreChat answers; otherwise the endpoints and models to use instead of
 * GET /api/endpoints and GET /api/models (LibreChat's client replaces both caches with them).
 * Ours answers them when librechat.yaml sets built-in endpoint overrides (`endpoints.openAI`, …)
 * or model relabelling (`modelLabels`), and they equal what those two routes answer.
 */
export const configOverrideSchema = z.union([
  z.literal(false),
  z.object({
    endpointsConfig: endpointsConfigSchema.optional(),
    modelsConfig: modelsConfigSchema.optional(),
  }),
]);
export type ConfigOverride = z.infer<typeof configOverrideSchema>;

/** The configuration routes that live beside the core table's. */
export const CONFIG_ROUTES = {
  endpointsConfigOverride: route({
    method: 'GET',
    path: '/api/endpoints/config/override',
    summary: 'Endpoint and model configuration overriding /api/endpoints and /api/models, or false',
    response: configOverrideSchema,
  }),
} as const;
