import { z } from 'zod';
import { conversationSchema, messageSchema } from './entities-schemas.js';
import { SEARCH_LIMITS } from './search.js';

/** The schemas of search's routes (search.ts: its limits and matching). */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_LIMITS.queryMaxChars),
  pageNumber: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPageNumber).default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * A matching message, with the title of its conversation. A reply's `text` is the plain text it
 * reads as (its Markdown syntax removed: fences, table pipes, emphasis, link targets); a
 * person's own message is as typed. `text` is cut to a window around the first match (with … at
 * a cut end) when it is longer than `excerptChars`; `excerpt` says so.
 */
export const searchHitSchema = messageSchema.extend({
  title: z.string(),
  excerpt: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/**
 * One page of hits, newest first. A hit is a matching message or a conversation whose title
 * matches; `conversations` holds every conversation with a hit on this page (newest updatedAt
 * first), `messages` the matching messages. `pages` is pageNumber + 1 while more hits exist,
 * else pageNumber (the total is never counted: that would cost a scan of every match).
 */
export const searchPageSchema = z.object({
  conversations: z.array(conversationSchema),
  messages: z.array(searchHitSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  pages: z.number(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const searchEnabledSchema = z.boolean();
