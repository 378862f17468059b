import { z } from 'zod';
import { idSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { normalizeTag, TAG_LIMITS } from './tags.js';
import { vkey } from './validation-texts.js';

/** A tag name in a body: trimmed, one line, 1–128 characters. */
export const tagNameSchema = z
  .string()
  .transform((raw, ctx) => {
    const tag = normalizeTag(raw);
    if (tag === null) {
      ctx.addIssue({ code: 'custom', message: vkey('com_ui_bookmarks_title_required') });
      return z.NEVER;
    }
    return tag;
  })
  .pipe(z.string().max(TAG_LIMITS.tagMaxChars, vkey('com_ui_bookmarks_title_too_long')));

const descriptionSchema = z
  .string()
  .trim()
  .max(TAG_LIMITS.descriptionMaxChars, vkey('com_ui_bookmarks_description_too_long'));

/** One of the caller's tags, LibreChat's ConversationTag: `count` is how many conversations carry it. */
export const conversationTagSchema = z.object({
  tag: z.string(),
  user: z.string(),
  description: z.string().nullable(),
  /** Conversations that carry it now. */
  count: z.number().int(),
  /** Its place in the caller's list, from 1. */
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationTag = z.infer<typeof conversationTagSchema>;

/** POST /api/tags: a new tag, optionally put on a conversation at once (LibreChat's fields). */
export const createTagBodySchema = z.object({
  tag: tagNameSchema,
  description: descriptionSchema.optional(),
  addToConversation: z.boolean().optional(),
  conversationId: idSchema.optional(),
});
export type CreateTagBody = z.input<typeof createTagBodySchema>;

/** PUT /api/tags/:tag: rename (every conversation carrying it follows), describe, or move it. */
export const updateTagBodySchema = z.object({
  tag: tagNameSchema.optional(),
  description: descriptionSchema.optional(),
  position: z.number().int().min(1).max(TAG_LIMITS.maxTagsPerUser).optional(),
});
export type UpdateTagBody = z.input<typeof updateTagBodySchema>;

/** PUT /api/tags/convo/:conversationId: the conversation's whole set of tags. */
export const conversationTagsBodySchema = z.object({
  tags: z.array(tagNameSchema).max(TAG_LIMITS.maxTagsPerUser),
});
export type ConversationTagsBody = z.input<typeof conversationTagsBodySchema>;

/** A tag named in a path: percent-decoded by the router, then the same rules as in a body. */
const tagParams = z.object({ tag: tagNameSchema });
const conversationParams = z.object({ conversationId: idSchema });

/** Bookmarks (LibreChat's paths and shapes). Another user's conversation is 404, never 403. */
export const TAG_ROUTES = {
  tags: route({
    method: 'GET',
    path: '/api/tags',
    summary: "The caller's tags in their order, each with how many conversations carry it",
    response: z.array(conversationTagSchema),
  }),
  createTag: route({
    method: 'POST',
    path: '/api/tags',
    summary: 'Create a tag (the existing one when the name is taken), optionally on a conversation',
    body: createTagBodySchema,
    response: conversationTagSchema,
  }),
  updateTag: route({
    method: 'PUT',
    path: '/api/tags/:tag',
    summary: 'Rename, describe or move a tag; a rename follows it onto every conversation',
    params: tagParams,
    body: updateTagBodySchema,
    response: conversationTagSchema,
  }),
  deleteTag: route({
    method: 'DELETE',
    path: '/api/tags/:tag',
    summary: 'Delete a tag and take it off every conversation',
    params: tagParams,
    response: conversationTagSchema,
  }),
  conversationTags: route({
    method: 'PUT',
    path: '/api/tags/convo/:conversationId',
    summary: "Set a conversation's tags (a name not yet a tag becomes one); answers the set kept",
    params: conversationParams,
    body: conversationTagsBodySchema,
    response: z.array(z.string()),
  }),
} as const;
