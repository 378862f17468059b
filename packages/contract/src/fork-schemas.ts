import { z } from 'zod';
import { conversationSchema, idSchema, messageSchema } from './entities-schemas.js';
import { FORK_DEFAULT_OPTION, FORK_OPTIONS } from './fork.js';
import { route } from './route-def.js';

/**
 * POST /api/convos/fork, LibreChat's body. `option` left out (or LibreChat's 'default' / empty
 * string, which its older clients send) is the default option. `splitAtTarget` starts the copy
 * at the message's level, its messages there becoming roots, and then takes `latestMessageId`
 * (the newest message of the branch shown) as the message the option is measured from.
 */
export const forkConversationBodySchema = z.object({
  conversationId: idSchema,
  messageId: idSchema,
  option: z
    .union([z.enum(FORK_OPTIONS), z.literal('default'), z.literal('')])
    .optional()
    .transform((o) => (o === undefined || o === 'default' || o === '' ? FORK_DEFAULT_OPTION : o)),
  splitAtTarget: z.boolean().optional().default(false),
  latestMessageId: idSchema.optional(),
});
export type ForkConversationBody = z.input<typeof forkConversationBodySchema>;

/** POST /api/convos/duplicate, LibreChat's body (its `title` is accepted and, as there, unused). */
export const duplicateConversationBodySchema = z.object({
  conversationId: idSchema,
  title: z.string().max(1024).optional(),
});

/** The new conversation and every message it holds, oldest first (LibreChat's TForkConvoResponse). */
export const forkConversationResponseSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
});
export type ForkConversationResponse = z.infer<typeof forkConversationResponseSchema>;

/** Fork and duplicate (LibreChat's paths). Another user's conversation or message is 404. */
export const FORK_ROUTES = {
  forkConversation: route({
    method: 'POST',
    path: '/api/convos/fork',
    summary:
      'Copy a conversation from one of its messages into a new one (option: directPath, includeBranches or targetLevel; splitAtTarget)',
    body: forkConversationBodySchema,
    response: forkConversationResponseSchema,
  }),
  duplicateConversation: route({
    method: 'POST',
    path: '/api/convos/duplicate',
    summary: 'Copy a whole conversation (every branch) into a new one with the same title and settings',
    body: duplicateConversationBodySchema,
    response: forkConversationResponseSchema,
  }),
} as const;
