import { z } from 'zod';
import { conversationOptionsSchema, endpointNameSchema, idSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { PRESET_LIMITS } from './presets.js';

/**
 * A preset as it is saved and answered: the conversation option fields plus
 * presetId, title, defaultPreset, order, endpoint, endpointType and user. Only one preset of a
 * user is the default at a time.
 */
export const presetSchema = conversationOptionsSchema.extend({
  presetId: z.string(),
  title: z.string(),
  user: z.string(),
  endpoint: z.string(),
  defaultPreset: z.boolean(),
  order: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

/**
 * POST /api/presets: create (no presetId, or null as an import sends it) or update (the
 * presetId of one of the caller's presets). The body is the parsed options, as LibreChat's
 * client sends them; unknown keys are ignored.
 */
export const savePresetRequestSchema = conversationOptionsSchema.extend({
  presetId: idSchema.nullish(),
  title: z.string().trim().max(PRESET_LIMITS.titleMaxChars).nullish(),
  endpoint: endpointNameSchema,
  defaultPreset: z.boolean().nullish(),
  order: z.number().int().min(0).max(1_000_000).nullish(),
});
export type SavePresetRequest = z.infer<typeof savePresetRequestSchema>;

/** POST /api/presets/delete: one preset by its id, or every preset of the caller without one. */
export const deletePresetsRequestSchema = z.object({ presetId: idSchema.nullish() });
export const deletePresetsResponseSchema = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
});

/** Presets. */
export const PRESET_ROUTES = {
  presets: route({
    method: 'GET',
    path: '/api/presets',
    summary: "The caller's presets (the default first, then by order, then newest)",
    response: z.array(presetSchema),
  }),
  savePreset: route({
    method: 'POST',
    path: '/api/presets',
    summary: 'Create or update a preset (defaultPreset: true makes it the only default)',
    body: savePresetRequestSchema,
    response: presetSchema,
  }),
  deletePresets: route({
    method: 'POST',
    path: '/api/presets/delete',
    summary: 'Delete one preset (presetId) or all of the caller’s (no presetId)',
    body: deletePresetsRequestSchema,
    response: deletePresetsResponseSchema,
  }),
} as const;
