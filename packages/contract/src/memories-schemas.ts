import { z } from 'zod';
import { MEMORY_LIMITS, normalizeMemoryKey } from './memories.js';
import { route } from './route-def.js';
import { vkey } from './validation-texts.js';

/** A memory's key in a body or a path: trimmed, not empty, at most 1000 characters (LibreChat's rule). */
const memoryKeySchema = z
  .string()
  .transform((raw, ctx) => {
    const key = normalizeMemoryKey(raw);
    if (key === null) {
      ctx.addIssue({ code: 'custom', message: vkey('com_ui_memory_key_required') });
      return z.NEVER;
    }
    return key;
  })
  .pipe(z.string().max(MEMORY_LIMITS.keyMaxChars, vkey('com_ui_memory_key_too_long')));

/**
 * A memory's value: trimmed, not empty. The configured `memory.charLimit` is checked by the
 * server (it depends on librechat.yaml); this is only the ceiling any configuration may allow.
 */
const memoryValueSchema = z
  .string()
  .trim()
  .min(1, vkey('com_ui_memory_value_required'))
  .max(MEMORY_LIMITS.charLimitCeiling, vkey('com_ui_memory_value_too_long'));

/** One memory as LibreChat answers it (TUserMemory). */
const memoryEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  /** The value's tokens (the o200k tokenizer, as LibreChat counts them). */
  tokenCount: z.number().int(),
  updated_at: z.string(),
});
export type MemoryEntry = z.infer<typeof memoryEntrySchema>;

/** The person's memory preference, LibreChat's `personalization.memories` (on unless turned off). */
const personalizationSchema = z.object({ memories: z.boolean() });

/** GET /api/memories: newest first, with the usage against librechat.yaml's `memory.tokenLimit`. */
const memoriesListSchema = z.object({
  memories: z.array(memoryEntrySchema),
  totalTokens: z.number().int(),
  /** `memory.tokenLimit`; null when there is none. */
  tokenLimit: z.number().int().nullable(),
  /** The longest value allowed (`memory.charLimit`). */
  charLimit: z.number().int(),
  /** Whole percents of the token limit used, at most 100; null without a limit. */
  usagePercentage: z.number().int().nullable(),
  /** The caller's preference (LibreChat keeps it on the user: personalization.memories). */
  personalization: personalizationSchema,
});
export type MemoriesList = z.infer<typeof memoriesListSchema>;

export const createMemoryBodySchema = z.object({ key: memoryKeySchema, value: memoryValueSchema });
export type CreateMemoryBody = z.input<typeof createMemoryBodySchema>;

/** PATCH /api/memories/:key: a new value, and a new key to move it to (LibreChat's fields). */
export const updateMemoryBodySchema = z.object({
  key: memoryKeySchema.optional(),
  value: memoryValueSchema,
});
export type UpdateMemoryBody = z.input<typeof updateMemoryBodySchema>;

const memoryPreferencesBodySchema = z.object({ memories: z.boolean() });

/** What GET /api/config says of memory when librechat.yaml turns it on (absent: off). */
export const memoryStartupSchema = z.object({
  /** People may turn their memories off (the Settings switch is offered). */
  personalize: z.boolean(),
  /** The only keys an entry may have; absent: any. */
  validKeys: z.array(z.string()).optional(),
});
export type MemoryStartup = z.infer<typeof memoryStartupSchema>;

const keyParams = z.object({ key: memoryKeySchema });

/**
 * Memories (LibreChat's paths and shapes). Every route answers 403 while librechat.yaml's
 * `memory` is absent or disabled; a key is only ever looked up among the caller's own.
 */
export const MEMORY_ROUTES = {
  memories: route({
    method: 'GET',
    path: '/api/memories',
    summary: "The caller's memories, newest first, with their tokens against the token limit",
    response: memoriesListSchema,
  }),
  createMemory: route({
    method: 'POST',
    path: '/api/memories',
    summary: 'Create a memory (201); a key already kept is 409',
    body: createMemoryBodySchema,
    response: z.object({ created: z.literal(true), memory: memoryEntrySchema }),
  }),
  memoryPreferences: route({
    method: 'PATCH',
    path: '/api/memories/preferences',
    summary: 'Turn the use of the caller’s memories on or off',
    body: memoryPreferencesBodySchema,
    response: z.object({ updated: z.literal(true), preferences: personalizationSchema }),
  }),
  updateMemory: route({
    method: 'PATCH',
    path: '/api/memories/:key',
    summary: 'Change a memory’s value, and its key when the body names another',
    params: keyParams,
    body: updateMemoryBodySchema,
    response: z.object({ updated: z.literal(true), memory: memoryEntrySchema }),
  }),
  deleteMemory: route({
    method: 'DELETE',
    path: '/api/memories/:key',
    summary: 'Delete a memory',
    params: keyParams,
    response: z.object({ deleted: z.literal(true) }),
  }),
} as const;
