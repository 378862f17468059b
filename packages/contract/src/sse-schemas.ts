import { z } from 'zod';
import { conversationSchema, messageSchema } from './entities-schemas.js';
import { pluginStateSchema } from './plugin-fields-schemas.js';
import type { ErrorCode } from './errors.js';

/**
 * Events of the reply stream. Each is sent as `event: message`, an `id:` (sequence
 * number) and one JSON `data:` line. They are told apart by their flag field.
 */
export const createdEventSchema = z.object({
  created: z.literal(true),
  message: messageSchema,
  conversationId: z.string(),
  responseMessageId: z.string(),
  /**
   * The first message of the conversation the model was shown, when older ones were left out
   * (or summarized) to fit its context; absent when the whole branch was sent.
   */
  contextMessageId: z.string().optional(),
  /**
   * The send asked a second model too (`addedConvo`): the id of its reply, which streams apart
   * (GET /api/ask/stream/:conversationId?index=1), or why it was refused (the first still answers).
   */
  addedConvo: z
    .object({
      responseMessageId: z.string().optional(),
      code: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
});

/** Only what is new: `text` is the delta, never the reply so far. */
export const deltaEventSchema = z.object({ text: z.string() });

/**
 * The reply's plugin display states changed: the whole list (a handful of entries)
 * and its latest, so a client just replaces what it has.
 */
export const pluginsEventSchema = z.object({
  plugins: z.array(pluginStateSchema),
  plugin: pluginStateSchema.nullable(),
});

export const finalEventSchema = z.object({
  final: z.literal(true),
  conversation: conversationSchema,
  requestMessage: messageSchema,
  responseMessage: messageSchema,
  title: z.string().optional(),
  /** As in the created event. */
  contextMessageId: z.string().optional(),
});

export const errorEventSchema = z.object({
  error: z.literal(true),
  code: z.string(),
  message: z.string(),
  conversation: conversationSchema.optional(),
  requestMessage: messageSchema.optional(),
  responseMessage: messageSchema.optional(),
});

/**
 * The first event of `GET /api/ask/stream/:conversationId` (resuming a running reply without a
 * usable Last-Event-ID): `responseMessage.text` is the whole reply so far; deltas follow.
 */
export const resumedEventSchema = z.object({
  resumed: z.literal(true),
  conversationId: z.string(),
  requestMessage: messageSchema,
  responseMessage: messageSchema,
});

export type CreatedEvent = z.infer<typeof createdEventSchema>;
export type ResumedEvent = z.infer<typeof resumedEventSchema>;
export type DeltaEvent = z.infer<typeof deltaEventSchema>;
export type PluginsEvent = z.infer<typeof pluginsEventSchema>;
export type FinalEvent = z.infer<typeof finalEventSchema>;
export type ErrorEvent = Omit<z.infer<typeof errorEventSchema>, 'code'> & { code: ErrorCode };
export type StreamEvent = CreatedEvent | ResumedEvent | DeltaEvent | PluginsEvent | FinalEvent | ErrorEvent;

/**
 * Any event of the reply stream, as the client parses it. The delta (a bare `{ text }`) comes last:
 * the flagged events are tried first, so a flagged event is never read as a delta.
 */
export const streamEventSchema = z.union([
  createdEventSchema,
  resumedEventSchema,
  finalEventSchema,
  errorEventSchema,
  pluginsEventSchema,
  deltaEventSchema,
]);

/**
 * The one schema an event must match, chosen by its flag field (a delta has none): one check per
 * event instead of trying each member of the union, as deltas come many times a second.
 */
export function streamEventSchemaFor(data: unknown): z.ZodType {
  if (data === null || typeof data !== 'object') return deltaEventSchema;
  if ('created' in data) return createdEventSchema;
  if ('resumed' in data) return resumedEventSchema;
  if ('final' in data) return finalEventSchema;
  if ('error' in data) return errorEventSchema;
  if ('plugins' in data) return pluginsEventSchema;
  return deltaEventSchema;
}
