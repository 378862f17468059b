import { z } from 'zod';
import { idSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { SHARE_ID_PATTERN, SHARE_LIMITS } from './share.js';

const shareIdSchema = z.string().regex(SHARE_ID_PATTERN);

/**
 * One message of a snapshot: what a reader sees and nothing more (no user id, file, model
 * settings or the saved message's id).
 */
export const sharedMessageSchema = z.object({
  sender: z.string(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
  error: z.boolean(),
  createdAt: z.string(),
});
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/** GET /api/share/:shareId: the snapshot, the branch's messages oldest first. */
export const sharedSnapshotSchema = z.object({
  shareId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(sharedMessageSchema),
});
export type SharedSnapshot = z.infer<typeof sharedSnapshotSchema>;

/** A link as its owner sees it. */
export const sharedLinkSchema = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

export const sharedLinksQuerySchema = z.object({
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(SHARE_LIMITS.pageSizeMax)
    .default(SHARE_LIMITS.pageSizeDefault),
  /** The last shareId of the page before (nextCursor). */
  cursor: shareIdSchema.optional(),
});

export const sharedLinksPageSchema = z.object({
  links: z.array(sharedLinkSchema),
  nextCursor: z.string().nullable(),
  hasNextPage: z.boolean(),
});
export type SharedLinksPage = z.infer<typeof sharedLinksPageSchema>;

/** GET /api/share/link/:conversationId, LibreChat's shape: shareId null when there is none. */
export const sharedLinkOfConversationSchema = z.object({
  success: z.boolean(),
  shareId: z.string().nullable(),
  conversationId: z.string(),
});

/** POST /api/share/:conversationId: the branch ending at targetMessageId, else at the newest message. */
export const createSharedLinkBodySchema = z.object({ targetMessageId: idSchema.optional() });

const shareParams = z.object({ shareId: shareIdSchema });
const conversationParams = z.object({ conversationId: idSchema });

/** Shared links (LibreChat's paths). Another user's link is 404, never 403. */
export const SHARE_ROUTES = {
  sharedSnapshot: route({
    method: 'GET',
    path: '/api/share/:shareId',
    summary:
      'A shared snapshot (title and the branch shared); anyone with ALLOW_SHARED_LINKS_PUBLIC, else signed-in users',
    public: true,
    params: shareParams,
    response: sharedSnapshotSchema,
  }),
  sharedLinks: route({
    method: 'GET',
    path: '/api/share',
    summary: "The caller's shared links, newest first (pageSize, cursor)",
    query: sharedLinksQuerySchema,
    response: sharedLinksPageSchema,
  }),
  sharedLinkOfConversation: route({
    method: 'GET',
    path: '/api/share/link/:conversationId',
    summary: "The caller's shared link of a conversation, if any",
    params: conversationParams,
    response: sharedLinkOfConversationSchema,
  }),
  createSharedLink: route({
    method: 'POST',
    path: '/api/share/link/:conversationId',
    summary: 'Share a conversation (its visible branch now); the existing link when there is one',
    params: conversationParams,
    body: createSharedLinkBodySchema,
    response: sharedLinkSchema,
  }),
  /**
   * The same at LibreChat's path, which OpenAPI cannot hold beside /api/share/{shareId} (they
   * differ only by the parameter's name): served, documented at the row above.
   */
  createSharedLinkAtConversation: route({
    method: 'POST',
    path: '/api/share/:conversationId',
    summary: 'Share a conversation (LibreChat’s path; see POST /api/share/link/{conversationId})',
    params: conversationParams,
    body: createSharedLinkBodySchema,
    response: sharedLinkSchema,
    undocumented: true,
  }),
  updateSharedLink: route({
    method: 'PATCH',
    path: '/api/share/:shareId',
    summary: "A link's snapshot taken again from the conversation as it is now",
    params: shareParams,
    response: sharedLinkSchema,
  }),
  deleteSharedLink: route({
    method: 'DELETE',
    path: '/api/share/:shareId',
    summary: 'Delete a shared link: its address answers 404 at once',
    params: shareParams,
    response: z.object({ success: z.boolean(), shareId: z.string() }),
  }),
} as const;
