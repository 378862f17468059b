import { z } from 'zod';
import { AGENT_ID_PATTERN, AGENT_LIMITS, AGENT_PERMISSIONS } from './agents.js';
import { askRequestSchema } from './api-schemas.js';
import { conversationOptionsSchema } from './entities-schemas.js';
import { pluginKeySchema } from './plugin-fields-schemas.js';
import { route } from './route-def.js';
import { streamEventSchema } from './sse-schemas.js';

export const agentIdSchema = z.string().max(80).regex(AGENT_ID_PATTERN, 'must be an agent id');

/** The model parameters an agent may fix (ranges are checked where every ask's are). */
export const agentModelParametersSchema = conversationOptionsSchema
  .pick({
    temperature: true,
    top_p: true,
    frequency_penalty: true,
    presence_penalty: true,
    maxOutputTokens: true,
    maxContextTokens: true,
  })
  .strict();
export type AgentModelParameters = z.infer<typeof agentModelParametersSchema>;

const starterSchema = z.string().trim().min(1).max(AGENT_LIMITS.conversationStarterMaxChars);

/** An agent's avatar: LibreChat's `{ filepath, source }`. */
export const agentAvatarSchema = z.object({ filepath: z.string(), source: z.string() });

/**
 * The files an agent's tools work on (LibreChat's `tool_resources`): for `file_search`, the
 * owner's documents it searches. The owner's view only: others use them through the agent.
 */
export const agentToolResourcesSchema = z
  .object({
    file_search: z
      .object({ file_ids: z.array(z.string().uuid()).max(AGENT_LIMITS.maxFiles) })
      .strict()
      .optional(),
  })
  .strict();
export type AgentToolResources = z.infer<typeof agentToolResourcesSchema>;

/**
 * An agent as LibreChat's client reads it. Someone it is shared with sees no instructions and no
 * owner id (`author` is the caller's own id, for the owner only), only the owner's display name.
 */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable().optional(),
  avatar: agentAvatarSchema.nullable(),
  provider: z.string(),
  model: z.string(),
  model_parameters: agentModelParametersSchema,
  tools: z.array(z.string()),
  /** The owner's view only. */
  tool_resources: agentToolResourcesSchema.optional(),
  conversation_starters: z.array(z.string()),
  author: z.string().optional(),
  authorName: z.string().nullable(),
  /** Shared with everyone who signs in here (use only). */
  isPublic: z.boolean(),
  /** The e-mail addresses it is shared with: the owner's view only. */
  sharedWith: z.array(z.string()).optional(),
  /** What the caller may do: VIEW (use), and EDIT for the owner. */
  permissions: z.array(z.enum(AGENT_PERMISSIONS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

const agentFields = {
  name: z.string().trim().max(AGENT_LIMITS.nameMaxChars).nullish(),
  description: z.string().max(AGENT_LIMITS.descriptionMaxChars).nullish(),
  instructions: z.string().max(AGENT_LIMITS.instructionsMaxChars).nullish(),
  model_parameters: agentModelParametersSchema.optional(),
  tools: z.array(pluginKeySchema).max(AGENT_LIMITS.maxTools).optional(),
  tool_resources: agentToolResourcesSchema.optional(),
  conversation_starters: z.array(starterSchema).max(AGENT_LIMITS.maxConversationStarters).optional(),
};

/** POST /api/agents: `provider` is a configured endpoint's name and `model` one it offers. */
export const createAgentSchema = z.object({
  ...agentFields,
  provider: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(256),
});
export type CreateAgentRequest = z.infer<typeof createAgentSchema>;

/** PATCH /api/agents/:id: only what is sent changes (null clears a text). */
export const updateAgentSchema = z.object({
  ...agentFields,
  provider: z.string().trim().min(1).max(100).optional(),
  model: z.string().trim().min(1).max(256).optional(),
});
export type UpdateAgentRequest = z.infer<typeof updateAgentSchema>;

export const agentListSchema = z.object({
  object: z.literal('list'),
  data: z.array(agentSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
export type AgentList = z.infer<typeof agentListSchema>;

/**
 * PUT /api/permissions/agent/:id: who may use the agent besides its owner: everyone (`public`),
 * and people named by e-mail (kept as written, matched on their account's address, so naming an
 * address tells the owner nothing about whether it has an account).
 */
export const agentSharingSchema = z.object({
  public: z.boolean(),
  emails: z
    .array(z.string().trim().toLowerCase().email().max(254))
    .max(AGENT_LIMITS.maxSharedUsers)
    .default([]),
});
export type AgentSharingRequest = z.infer<typeof agentSharingSchema>;

/** POST /api/agents/chat: LibreChat's body; the agent names the endpoint and model that run it. */
export const agentChatRequestSchema = askRequestSchema.omit({ endpoint: true, model: true }).extend({
  agent_id: agentIdSchema,
  endpoint: z.string().max(64).optional(),
  model: z.string().max(256).optional(),
});
export type AgentChatRequest = z.infer<typeof agentChatRequestSchema>;

const agentParams = z.object({ id: agentIdSchema });
const agentAvatarParams = z.object({ agent_id: agentIdSchema });

export const AGENT_ROUTES = {
  listAgents: route({
    method: 'GET',
    path: '/api/agents',
    summary: "The caller's agents and those shared with them (own first, newest first)",
    response: agentListSchema,
  }),
  createAgent: route({
    method: 'POST',
    path: '/api/agents',
    summary: 'Create an agent',
    body: createAgentSchema,
    response: agentSchema,
  }),
  getAgent: route({
    method: 'GET',
    path: '/api/agents/:id',
    summary: 'One agent the caller owns or that is shared with them',
    params: agentParams,
    response: agentSchema,
  }),
  updateAgent: route({
    method: 'PATCH',
    path: '/api/agents/:id',
    summary: 'Change an agent (its owner only; only the fields sent)',
    params: agentParams,
    body: updateAgentSchema,
    response: agentSchema,
  }),
  deleteAgent: route({
    method: 'DELETE',
    path: '/api/agents/:id',
    summary: 'Delete an agent (its owner only; its conversations stay)',
    params: agentParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  }),
  duplicateAgent: route({
    method: 'POST',
    path: '/api/agents/:id/duplicate',
    summary: 'Copy an agent the caller owns into a new private one',
    params: agentParams,
    response: z.object({ agent: agentSchema }),
  }),
  shareAgent: route({
    method: 'PUT',
    path: '/api/permissions/agent/:id',
    summary: 'Share an agent with everyone and/or people by e-mail (its owner only)',
    params: agentParams,
    body: agentSharingSchema,
    response: agentSchema,
  }),
  uploadAgentAvatar: route({
    method: 'POST',
    path: '/api/files/images/agents/:agent_id/avatar',
    summary:
      "Set the avatar of one of the caller's agents (multipart: file); .png or .jpg, at most the avatar size",
    params: agentAvatarParams,
    multipart: { file: 'file', fields: z.object({}) },
    response: agentSchema,
  }),
  agentChat: route({
    method: 'POST',
    path: '/api/agents/chat',
    summary: 'Send a message to an agent; the reply streams as server-sent events',
    body: agentChatRequestSchema,
    response: streamEventSchema,
    stream: true,
  }),
} as const;
