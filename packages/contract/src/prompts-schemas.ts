import { z } from 'zod';
import { idSchema } from './entities-schemas.js';
import {
  PROMPT_COMMAND_PATTERN,
  PROMPT_EXPORT_VERSION,
  PROMPT_LIMITS,
  PROMPT_TYPES,
  PROMPTS_GLOBAL_PROJECT_ID,
} from './prompts.js';
import { route } from './route-def.js';
import { vkey } from './validation-texts.js';

/** One line: control characters and line breaks become spaces, then trimmed. */
const oneLine = (max: number) =>
  z
    .string()
    // eslint-disable-next-line no-control-regex
    .transform((raw) => raw.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim())
    .pipe(z.string().max(max));

const nameSchema = z
  .string()
  // eslint-disable-next-line no-control-regex
  .transform((raw) => raw.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, vkey('com_ui_prompt_name_required'))
      .max(PROMPT_LIMITS.nameMaxChars, vkey('com_ui_prompt_name_too_long')),
  );

/** A command: lowercase letters, digits and hyphens; '' (or null) is none. */
const commandSchema = z
  .string()
  .trim()
  .max(PROMPT_LIMITS.commandMaxChars, vkey('com_ui_prompt_command_invalid'))
  .refine((c) => c === '' || PROMPT_COMMAND_PATTERN.test(c), vkey('com_ui_prompt_command_invalid'))
  .nullable();

const promptTextSchema = z
  .string()
  .refine((t) => t.trim() !== '', vkey('com_ui_prompt_text_required'))
  .pipe(z.string().max(PROMPT_LIMITS.promptMaxChars, vkey('com_ui_prompt_text_too_long')));

const promptTypeSchema = z.enum(PROMPT_TYPES);

/** Only the global project exists here: naming it shares a group with everyone. */
const projectIdsSchema = z.array(z.literal(PROMPTS_GLOBAL_PROJECT_ID)).max(1);

/** One version of a group (LibreChat's TPrompt). */
export const promptSchema = z.object({
  _id: z.string(),
  groupId: z.string(),
  author: z.string(),
  prompt: z.string(),
  type: promptTypeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

/** A group (LibreChat's TPromptGroup): `productionPrompt` is the production version's text. */
export const promptGroupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  command: z.string().optional(),
  oneliner: z.string(),
  category: z.string(),
  /** [the global project] when shared with everyone, else []. */
  projectIds: z.array(z.string()),
  productionId: z.string().nullable(),
  productionPrompt: z.object({ prompt: z.string(), type: promptTypeSchema }).nullable(),
  author: z.string(),
  authorName: z.string(),
  /** Shared with everyone (LibreChat's flag on the lists). */
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptGroup = z.infer<typeof promptGroupSchema>;

/** GET /api/prompts/groups (LibreChat's page: numbers as strings). */
export const promptGroupsPageSchema = z.object({
  promptGroups: z.array(promptGroupSchema),
  pageNumber: z.string(),
  pageSize: z.string(),
  pages: z.string(),
});
export type PromptGroupsPage = z.infer<typeof promptGroupsPageSchema>;

const filterSchema = {
  /** Groups whose name holds this (any case). */
  name: z.string().trim().max(PROMPT_LIMITS.filterMaxChars).optional(),
  /** A category, or one of PROMPT_SYSTEM_CATEGORIES. */
  category: z.string().trim().max(PROMPT_LIMITS.categoryMaxChars).optional(),
};

export const promptGroupsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PROMPT_LIMITS.pageSizeMax)
    .default(PROMPT_LIMITS.pageSizeDefault),
  ...filterSchema,
});
export type PromptGroupsQuery = z.input<typeof promptGroupsQuerySchema>;

export const allPromptGroupsQuerySchema = z.object(filterSchema);

/** The editable fields of a new group (LibreChat's TCreatePrompt `group`). */
const groupFieldsSchema = z.object({
  name: nameSchema,
  category: oneLine(PROMPT_LIMITS.categoryMaxChars).optional(),
  oneliner: oneLine(PROMPT_LIMITS.onelinerMaxChars).optional(),
  command: commandSchema.optional(),
});

/**
 * POST /api/prompts: with `group`, a new group whose first version is its production one;
 * without, a new version of the caller's group `prompt.groupId`.
 */
export const createPromptBodySchema = z.object({
  prompt: z.object({
    prompt: promptTextSchema,
    type: promptTypeSchema.default('text'),
    groupId: idSchema.optional(),
  }),
  group: groupFieldsSchema.optional(),
});
export type CreatePromptBody = z.input<typeof createPromptBodySchema>;

export const createPromptResponseSchema = z.object({
  prompt: promptSchema,
  group: promptGroupSchema.optional(),
});

/**
 * PATCH /api/prompts/groups/:groupId: name, category, oneliner, command; `projectIds` naming the
 * global project shares the group with everyone, `removeProjectIds` naming it stops that.
 */
export const updatePromptGroupBodySchema = z.object({
  name: nameSchema.optional(),
  category: oneLine(PROMPT_LIMITS.categoryMaxChars).optional(),
  oneliner: oneLine(PROMPT_LIMITS.onelinerMaxChars).optional(),
  command: commandSchema.optional(),
  projectIds: projectIdsSchema.optional(),
  removeProjectIds: projectIdsSchema.optional(),
});
export type UpdatePromptGroupBody = z.input<typeof updatePromptGroupBodySchema>;

export const promptsQuerySchema = z.object({ groupId: idSchema.optional() });

export const deletePromptQuerySchema = z.object({ groupId: idSchema.optional() });

/** DELETE /api/prompts/:promptId: the group goes too when it was its last version. */
export const deletePromptResponseSchema = z.object({
  prompt: z.string(),
  promptGroup: z.object({ message: z.string(), id: z.string() }).optional(),
});

/**
 * The file a group is exported to and imported from: the group's fields and its versions oldest
 * first, the production one marked. Sharing, owner and ids stay behind.
 */
export const promptExportSchema = z.object({
  version: z.literal(PROMPT_EXPORT_VERSION),
  group: groupFieldsSchema,
  prompts: z
    .array(
      z.object({
        prompt: promptTextSchema,
        type: promptTypeSchema.default('text'),
        production: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(PROMPT_LIMITS.maxVersionsPerGroup),
});
export type PromptExport = z.input<typeof promptExportSchema>;

export const importPromptsResponseSchema = z.object({
  group: promptGroupSchema,
  prompts: z.array(promptSchema),
});

const groupParams = z.object({ groupId: idSchema });
const promptParams = z.object({ promptId: idSchema });
const messageSchema = z.object({ message: z.string() });

/**
 * The prompt library at LibreChat's /api/prompts paths. A group the caller may not see is 404;
 * a shared group is read-only to all but its owner (403 on a change).
 */
export const PROMPT_ROUTES = {
  promptGroups: route({
    method: 'GET',
    path: '/api/prompts/groups',
    summary: 'A page of the groups the caller sees (their own and the shared), by name and category',
    query: promptGroupsQuerySchema,
    response: promptGroupsPageSchema,
  }),
  allPromptGroups: route({
    method: 'GET',
    path: '/api/prompts/all',
    summary: 'Every group the caller sees with its production text (the message box\'s "/" list)',
    query: allPromptGroupsQuerySchema,
    response: z.array(promptGroupSchema),
  }),
  promptGroup: route({
    method: 'GET',
    path: '/api/prompts/groups/:groupId',
    summary: 'One group the caller owns or that is shared',
    params: groupParams,
    response: promptGroupSchema,
  }),
  prompts: route({
    method: 'GET',
    path: '/api/prompts',
    summary: "The versions of a group the caller sees, newest first (without groupId: the caller's own)",
    query: promptsQuerySchema,
    response: z.array(promptSchema),
  }),
  prompt: route({
    method: 'GET',
    path: '/api/prompts/:promptId',
    summary: 'One version of a group the caller sees',
    params: promptParams,
    response: promptSchema,
  }),
  createPrompt: route({
    method: 'POST',
    path: '/api/prompts',
    summary: "A new group with its first version, or a new version of the caller's group",
    body: createPromptBodySchema,
    response: createPromptResponseSchema,
  }),
  importPrompts: route({
    method: 'POST',
    path: '/api/prompts/import',
    summary: 'A new group of the caller from an exported file (its versions, the production one marked)',
    body: promptExportSchema,
    response: importPromptsResponseSchema,
  }),
  updatePromptGroup: route({
    method: 'PATCH',
    path: '/api/prompts/groups/:groupId',
    summary: "Change the caller's group: name, category, oneliner, command, shared with everyone",
    params: groupParams,
    body: updatePromptGroupBodySchema,
    response: promptGroupSchema,
  }),
  makePromptProduction: route({
    method: 'PATCH',
    path: '/api/prompts/:promptId/tags/production',
    summary: "Make a version the production one of the caller's group",
    params: promptParams,
    response: messageSchema,
  }),
  deletePrompt: route({
    method: 'DELETE',
    path: '/api/prompts/:promptId',
    summary: "Delete a version of the caller's group (the group too when it was the last)",
    params: promptParams,
    query: deletePromptQuerySchema,
    response: deletePromptResponseSchema,
  }),
  deletePromptGroup: route({
    method: 'DELETE',
    path: '/api/prompts/groups/:groupId',
    summary: "Delete the caller's group with all its versions",
    params: groupParams,
    response: messageSchema,
  }),
} as const;
