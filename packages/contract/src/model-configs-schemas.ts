import { z } from 'zod';
import { route } from './route-def.js';
import { MODEL_CONFIG_LIMITS } from './model-configs.js';

/** A model name as a path segment (names carry dots, colons and slashes: sent URL-encoded). */
export const modelConfigNameSchema = z.string().trim().min(1).max(200);

/** The operator's per-model system prompt and prefill. */
export const modelConfigSchema = z.object({
  name: z.string(),
  jailbreakPrompt: z.string(),
  prefill: z.string(),
});
export type ModelConfig = z.infer<typeof modelConfigSchema>;

export const updateModelConfigRequestSchema = z.object({
  jailbreakPrompt: z.string().max(MODEL_CONFIG_LIMITS.jailbreakPromptMaxChars).optional(),
  prefill: z.string().max(MODEL_CONFIG_LIMITS.prefillMaxChars).optional(),
});
export type UpdateModelConfigRequest = z.infer<typeof updateModelConfigRequestSchema>;

const nameParams = z.object({ name: modelConfigNameSchema });

/** GET / PATCH /api/model-configs/{configName}: the operator's only. */
export const MODEL_CONFIG_ROUTES = {
  modelConfig: route({
    method: 'GET',
    path: '/api/model-configs/:name',
    summary: "A model's system prompt and prefill (the operator's account only)",
    params: nameParams,
    response: modelConfigSchema,
  }),
  updateModelConfig: route({
    method: 'PATCH',
    path: '/api/model-configs/:name',
    summary: "Set a model's system prompt and/or prefill (the operator's account only)",
    params: nameParams,
    body: updateModelConfigRequestSchema,
    response: modelConfigSchema,
  }),
} as const;
