import { z } from 'zod';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_RATINGS,
  FEEDBACK_TAG_KEYS,
  isTagOf,
  type FeedbackTagKey,
} from './feedback.js';
import { idSchema, requiredConversationIdSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { vkey } from './validation-texts.js';

/**
 * One rating as LibreChat sends and keeps it (TMinimalFeedback). LibreChat's client always sends
 * a tag; ours saves the thumb at once and the reason after, so `tag` is optional here, but a tag
 * given must be one of its rating's.
 */
const feedbackSchema = z
  .object({
    rating: z.enum(FEEDBACK_RATINGS),
    tag: z.enum(FEEDBACK_TAG_KEYS as [FeedbackTagKey, ...FeedbackTagKey[]]).optional(),
    text: z.string().max(FEEDBACK_LIMITS.textMaxChars, vkey('com_ui_feedback_text_too_long')).optional(),
  })
  .strict()
  .refine((f) => f.tag === undefined || isTagOf(f.rating, f.tag), {
    message: vkey('com_ui_feedback_tag_not_of_rating'),
    path: ['tag'],
  });
export type MessageFeedback = z.infer<typeof feedbackSchema>;

/** PUT's body: the rating, or null (or nothing) to clear it, LibreChat's `{ feedback }`. */
const updateFeedbackBodySchema = z.object({ feedback: feedbackSchema.nullable().optional() });
export type UpdateFeedbackBody = z.input<typeof updateFeedbackBodySchema>;

/** PUT's answer, LibreChat's: the message and its rating now (null once cleared). */
const feedbackReplySchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  feedback: feedbackSchema.nullable(),
});

/** The caller's ratings of one conversation, by message id (only the rated messages). */
const conversationFeedbackSchema = z.record(z.string(), feedbackSchema);
export type ConversationFeedback = z.infer<typeof conversationFeedbackSchema>;

/**
 * Feedback on replies. Only the conversation's owner rates, and only its assistant messages: a
 * conversation or message of someone else is 404, a message of the person's own is refused.
 */
export const FEEDBACK_ROUTES = {
  updateMessageFeedback: route({
    method: 'PUT',
    path: '/api/messages/:conversationId/:messageId/feedback',
    summary: "Rate a reply (thumbs up or down, a reason, a comment); null clears the caller's rating",
    params: z.object({ conversationId: requiredConversationIdSchema, messageId: idSchema }),
    body: updateFeedbackBodySchema,
    response: feedbackReplySchema,
  }),
  conversationFeedback: route({
    method: 'GET',
    path: '/api/messages/:conversationId/feedback',
    summary: "The caller's ratings of a conversation's replies, by message id",
    params: z.object({ conversationId: idSchema }),
    response: conversationFeedbackSchema,
  }),
} as const;
