import { z } from 'zod';
import { vkey } from './validation-texts.js';
import { BING_TONE_STYLES, isEndpointName } from './endpoints.js';
import { CHAT_LIMITS, DEFAULT_TITLE, MODEL_SPEC_LIMITS } from './limits.js';
import { CONTEXT_LIMITS } from './context.js';
import { messageFileSchema } from './files-schemas.js';
import { widestRange, type ParamKey } from './params.js';
import {
  agentOptionsSchema,
  ephemeralAgentSchema,
  pluginStateSchema,
  toolRefSchema,
} from './plugin-fields-schemas.js';
import { PLUGIN_LIMITS } from './plugin-limits.js';
import { USER_ROLES } from './blog.js';
import { CUSTOM_NAME_MAX, GOOGLE_EXAMPLES_MAX, IMAGE_DETAILS } from './entities.js';

/** Ids are client-made or server-made UUIDs; the root parent is the all-zero UUID. */
const ID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const idSchema = z.string().regex(ID_PATTERN, vkey('com_error_invalid_id'));

/** The conversation a message call needs: an empty one is "conversationId is required". */
export const requiredConversationIdSchema = z
  .string()
  // An empty id is only "required", not also invalid.
  .min(1, { message: vkey('com_error_conversation_id_required'), abort: true })
  .regex(ID_PATTERN, vkey('com_error_invalid_id'));

/**
 * An endpoint's name: a built-in one or a custom endpoint's from librechat.yaml, where an operator
 * may write any name ("Reverse Proxy", "OpenAI (DigitalOcean)"); see isEndpointName for the limits.
 */
export const endpointNameSchema = z
  // No endpoint at all is "undefined endpoint"; one of another type is not an endpoint's name.
  .string({
    error: (issue) =>
      issue.input === undefined ? vkey('com_error_undefined_endpoint') : vkey('com_error_unknown_endpoint'),
  })
  .refine(isEndpointName, vkey('com_error_unknown_endpoint'));

export const roleSchema = z.enum(USER_ROLES);

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  role: roleSchema,
  provider: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** The keys of the plugins the user installed. */
  plugins: z.array(z.string()),
  /** Sign-in asks for a code of the authenticator app after the password (LibreChat's field). */
  twoFactorEnabled: z.boolean().optional(),
  // Subscription view: Stripe's customer, status and period end.
  customerID: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  /** ISO date; sending needs it in the future. */
  subscriptionEnd: z.string().nullable(),
  metadata: z.object({
    isEligibleFor3DayTrial: z.boolean(),
    /** A free-tier user's messages left; absent for everyone else. */
    freeMessages: z.number().int().optional(),
  }),
});
export type User = z.infer<typeof userSchema>;

/** A sampling parameter, within the widest range any endpoint takes (params.ts). */
const param = (key: ParamKey) => {
  const r = widestRange(key);
  return (r.int ? z.number().int() : z.number()).min(r.min).max(r.max).nullish();
};

/**
 * Google's examples: pairs of what a person says and what the model answers, sent before the
 * conversation to show the model how to reply. Pairs with an empty side are left out.
 */
export const exampleSchema = z.object({
  input: z.object({ content: z.string().max(CHAT_LIMITS.maxMessageChars) }),
  output: z.object({ content: z.string().max(CHAT_LIMITS.maxMessageChars) }),
});
export type Example = z.infer<typeof exampleSchema>;

/** The examples that are sent: both sides written. */
export const usableExamples = (examples: readonly Example[] | null | undefined): Example[] =>
  (examples ?? []).filter((e) => e.input.content.trim() !== '' && e.output.content.trim() !== '');

/**
 * The options a conversation (and later a preset) carries for its endpoint. The sampling
 * parameters are only bounded here by the widest range any endpoint takes; each endpoint's own
 * range and defaults (params.ts) are applied where a request meets its endpoint.
 */
export const conversationOptionsSchema = z.object({
  model: z.string().max(256).nullish(),
  endpointType: z.string().max(64).nullish(),
  chatGptLabel: z.string().max(CUSTOM_NAME_MAX).nullish(),
  promptPrefix: z.string().max(CHAT_LIMITS.maxMessageChars).nullish(),
  /** Google: example turns before the conversation. */
  examples: z.array(exampleSchema).max(GOOGLE_EXAMPLES_MAX).nullish(),
  temperature: param('temperature'),
  top_p: param('top_p'),
  topP: param('topP'),
  topK: param('topK'),
  frequency_penalty: param('frequency_penalty'),
  presence_penalty: param('presence_penalty'),
  maxOutputTokens: param('maxOutputTokens'),
  /** The model's context size for this conversation (LibreChat's name); the model's own when unset. */
  maxContextTokens: z
    .number()
    .int()
    .min(CONTEXT_LIMITS.minContextTokens)
    .max(CONTEXT_LIMITS.maxContextTokens)
    .nullish(),
  resendImages: z.boolean().nullish(),
  imageDetail: z.enum(IMAGE_DETAILS).nullish(),
  iconURL: z.string().max(2048).nullish(),
  // Bing: tone, Sydney mode, its system message, extra context.
  toneStyle: z.enum(BING_TONE_STYLES).nullish(),
  jailbreak: z.boolean().nullish(),
  systemMessage: z.string().max(CHAT_LIMITS.maxMessageChars).nullish(),
  context: z.string().max(CHAT_LIMITS.maxMessageChars).nullish(),
  /**
   * The selected plugins (keys, or objects with pluginKey; saved as objects), MCP tools among
   * them (`tool_mcp_server`): on an endpoint that calls tools, the model may call them.
   */
  tools: z.array(toolRefSchema).max(PLUGIN_LIMITS.maxTools).nullish(),
  /** The MCP servers chosen for the conversation (LibreChat's request field, kept with it here). */
  ephemeralAgent: ephemeralAgentSchema.nullish(),
  agentOptions: agentOptionsSchema.nullish(),
  // Assistants: the assistant a conversation talks to and its thread
  // (ours: `thread_` + an id, one per conversation); set by the assistants feature only.
  assistant_id: z.string().max(64).nullish(),
  thread_id: z.string().max(64).nullish(),
  /** The agent a conversation talks to (LibreChat's agent_id); set by the agents feature only. */
  agent_id: z.string().max(80).nullish(),
  /** The librechat.yaml model spec the conversation was started from (LibreChat's `spec`). */
  spec: z.string().max(MODEL_SPEC_LIMITS.nameMaxChars).nullish(),
});
export type ConversationOptions = z.infer<typeof conversationOptionsSchema>;

export const conversationSchema = conversationOptionsSchema.extend({
  conversationId: z.string(),
  title: z.string().default(DEFAULT_TITLE),
  user: z.string(),
  endpoint: z.string(),
  /** The bookmarks (tag names) its owner put on it, LibreChat's field. */
  tags: z.array(z.string()).optional(),
  /**
   * A temporary chat's: when it is deleted (ISO time; LibreChat's field). Absent or null for a
   * conversation that is kept.
   */
  expiredAt: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  error: z.boolean(),
  unfinished: z.boolean(),
  isEdited: z.boolean(),
  finish_reason: z.string().nullable(),
  tokenCount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The plugins the reply used, in order (LibreChat's message `plugins`); absent without any. */
  plugins: z.array(pluginStateSchema).optional(),
  /** The latest of `plugins` (LibreChat's older single `plugin`). */
  plugin: pluginStateSchema.nullable().optional(),
  /** The images the user attached; absent without any. */
  files: z.array(messageFileSchema).optional(),
  /**
   * A reply's: the first message of the conversation its model was shown, when older ones were
   * left out (or summarized) to fit the model's context; absent when the whole branch was sent.
   * The chat shows where the model's context begins from the newest reply of the branch shown.
   */
  contextMessageId: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;
