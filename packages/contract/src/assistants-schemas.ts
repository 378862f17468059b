import { z } from 'zod';
import { askRequestSchema } from './api-schemas.js';
import { route } from './route-def.js';
import { streamEventSchema } from './sse-schemas.js';
import { ASSISTANT_LIMITS, ASSISTANT_DEFAULT_MODEL, ASSISTANT_TOOL_TYPES } from './assistants.js';

/** OpenAI's function names: letters, digits, underscores and dashes, up to 64. */
export const functionNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, underscores or dashes');

export const assistantFunctionSchema = z.object({
  name: functionNameSchema,
  description: z.string().max(1024).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

export const assistantToolSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('function'), function: assistantFunctionSchema }),
  z.object({ type: z.literal('code_interpreter') }),
  z.object({ type: z.literal('retrieval') }),
]);
export type AssistantTool = z.infer<typeof assistantToolSchema>;

/**
 * A tool as a create or update body may name it: an object, or a bare type ("tools as list of
 * types"). A bare "function" names no function and is refused by the server.
 */
export const assistantToolInputSchema = z.union([z.enum(ASSISTANT_TOOL_TYPES), assistantToolSchema]);
export type AssistantToolInput = z.infer<typeof assistantToolInputSchema>;

const metadataSchema = z
  .record(
    z.string().max(ASSISTANT_LIMITS.metadataKeyMaxChars),
    z.string().max(ASSISTANT_LIMITS.metadataValueMaxChars),
  )
  .refine((m) => Object.keys(m).length <= ASSISTANT_LIMITS.metadataMaxPairs, {
    message: `at most ${ASSISTANT_LIMITS.metadataMaxPairs} metadata pairs`,
  });

/** Our assistant ids: `asst_` and 24 letters or digits. */
export const assistantIdSchema = z
  .string()
  .min(6)
  .max(64)
  .regex(/^asst_[A-Za-z0-9]+$/, 'must be an assistant id');

/** Assistant, in OpenAI's shape. */
export const assistantSchema = z.object({
  id: z.string(),
  object: z.literal('assistant'),
  /** Seconds since the epoch, as OpenAI answers. */
  created_at: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  model: z.string(),
  tools: z.array(assistantToolSchema),
  file_ids: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
});
export type Assistant = z.infer<typeof assistantSchema>;

const fields = {
  name: z.string().max(ASSISTANT_LIMITS.nameMaxChars).nullish(),
  description: z.string().max(ASSISTANT_LIMITS.descriptionMaxChars).nullish(),
  instructions: z.string().max(ASSISTANT_LIMITS.instructionsMaxChars).nullish(),
  tools: z.array(assistantToolInputSchema).max(ASSISTANT_LIMITS.maxTools).optional(),
  /** Files are not kept for assistants here (retrieval is refused): only an empty list. */
  file_ids: z.array(z.string().max(64)).max(0, 'files are not supported for assistants').optional(),
  metadata: metadataSchema.nullish(),
};

/** POST /api/assistants. */
export const createAssistantSchema = z.object({
  ...fields,
  model: z.string().trim().min(1).max(256).default(ASSISTANT_DEFAULT_MODEL),
});
export type CreateAssistantRequest = z.infer<typeof createAssistantSchema>;

/** PATCH /api/assistants/:id: only what is sent changes (null clears a text). */
export const updateAssistantSchema = z.object({
  ...fields,
  model: z.string().trim().min(1).max(256).optional(),
});
export type UpdateAssistantRequest = z.infer<typeof updateAssistantSchema>;

/** GET /api/assistants: OpenAI's list parameters. */
export const assistantListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ASSISTANT_LIMITS.listMaxLimit)
    .default(ASSISTANT_LIMITS.listDefaultLimit),
  /** Ascending by default (creation time). */
  order: z.enum(['asc', 'desc']).default('asc'),
  after: assistantIdSchema.optional(),
  before: assistantIdSchema.optional(),
});
export type AssistantListQuery = z.infer<typeof assistantListQuerySchema>;

export const assistantListSchema = z.object({
  object: z.literal('list'),
  data: z.array(assistantSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
export type AssistantList = z.infer<typeof assistantListSchema>;

export const assistantDeletedSchema = z.object({
  id: z.string(),
  object: z.literal('assistant.deleted'),
  deleted: z.literal(true),
});

/**
 * POST /api/assistants/chat[/modify]: LibreChat's body. The endpoint is the assistant's (the
 * server picks the configured endpoint that runs its model); `endpoint` and `model`, when sent,
 * are ignored.
 */
export const assistantChatRequestSchema = askRequestSchema.omit({ endpoint: true, model: true }).extend({
  assistant_id: assistantIdSchema,
  thread_id: z.string().max(64).nullish(),
  endpoint: z.string().max(64).optional(),
  model: z.string().max(256).optional(),
});
export type AssistantChatRequest = z.infer<typeof assistantChatRequestSchema>;

const assistantParams = z.object({ id: assistantIdSchema });

/** Assistants, and the assistant chat (ask, and the modify path for edits). */
export const ASSISTANT_ROUTES = {
  listAssistants: route({
    method: 'GET',
    path: '/api/assistants',
    summary: "The caller's assistants, oldest first unless order=desc (OpenAI's list shape)",
    query: assistantListQuerySchema,
    response: assistantListSchema,
  }),
  createAssistant: route({
    method: 'POST',
    path: '/api/assistants',
    summary: 'Create an assistant',
    body: createAssistantSchema,
    response: assistantSchema,
  }),
  getAssistant: route({
    method: 'GET',
    path: '/api/assistants/:id',
    summary: 'One of the caller’s assistants',
    params: assistantParams,
    response: assistantSchema,
  }),
  updateAssistant: route({
    method: 'PATCH',
    path: '/api/assistants/:id',
    summary: 'Change an assistant (only the fields sent)',
    params: assistantParams,
    body: updateAssistantSchema,
    response: assistantSchema,
  }),
  deleteAssistant: route({
    method: 'DELETE',
    path: '/api/assistants/:id',
    summary: 'Delete an assistant (its conversations stay)',
    params: assistantParams,
    response: assistantDeletedSchema,
  }),
  assistantChat: route({
    method: 'POST',
    path: '/api/assistants/chat',
    summary: 'Send a message to an assistant; the reply streams as server-sent events',
    body: assistantChatRequestSchema,
    response: streamEventSchema,
    stream: true,
  }),
  assistantChatModify: route({
    method: 'POST',
    path: '/api/assistants/chat/modify',
    summary: "Regenerate or continue an assistant's reply; streams as server-sent events",
    body: assistantChatRequestSchema,
    response: streamEventSchema,
    stream: true,
  }),
} as const;
