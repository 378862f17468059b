import { z } from 'zod';
import {
  ACTION_AUTH_TYPES,
  ACTION_AUTHORIZATION_TYPES,
  ACTION_ID_PATTERN,
  ACTION_LIMITS,
} from './actions.js';
import { agentIdSchema, agentSchema } from './agents-schemas.js';
import { route } from './route-def.js';

export const actionIdSchema = z
  .string()
  .max(ACTION_LIMITS.idMaxChars)
  .regex(ACTION_ID_PATTERN, 'must be an action id');

/** LibreChat's ActionAuth: how the described API is called. */
export const actionAuthSchema = z.object({
  type: z.enum(ACTION_AUTH_TYPES).default('none'),
  authorization_type: z.enum(ACTION_AUTHORIZATION_TYPES).optional(),
  custom_auth_header: z
    .string()
    .trim()
    .max(128)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/, 'must be an HTTP header name')
    .optional(),
  // OAuth's fields are read so a LibreChat client's body passes; such an action is refused.
  authorization_url: z.string().max(2048).optional(),
  client_url: z.string().max(2048).optional(),
  scope: z.string().max(2048).optional(),
  token_exchange_method: z.string().max(64).optional(),
});
export type ActionAuth = z.infer<typeof actionAuthSchema>;

/** What an action's metadata may say when saved (LibreChat's ActionMetadata). */
export const actionMetadataInputSchema = z.object({
  domain: z.string().trim().min(1).max(ACTION_LIMITS.domainMaxChars),
  raw_spec: z.string().min(1).max(ACTION_LIMITS.specMaxChars),
  auth: actionAuthSchema.default({ type: 'none' }),
  api_key: z.string().max(ACTION_LIMITS.apiKeyMaxChars).optional(),
  privacy_policy_url: z.string().max(2048).optional(),
  oauth_client_id: z.string().max(2048).optional(),
  oauth_client_secret: z.string().max(2048).optional(),
});

/** One function a spec's operation becomes (OpenAI's function tool, as LibreChat's client sends it). */
export const actionFunctionSchema = z.object({
  type: z.literal('function').default('function'),
  function: z.object({
    name: z.string().max(128),
    description: z.string().max(4096).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ActionFunction = z.infer<typeof actionFunctionSchema>;

/** POST /api/agents/actions/:agent_id: LibreChat's body. The server makes the functions from the spec again. */
export const saveActionSchema = z.object({
  functions: z.array(actionFunctionSchema).max(ACTION_LIMITS.maxFunctions),
  action_id: actionIdSchema.optional(),
  metadata: actionMetadataInputSchema,
});
export type SaveActionRequest = z.infer<typeof saveActionSchema>;

/**
 * An action as the client reads it: never its API key (nor any OAuth secret); `api_key_set`
 * tells the builder a key is stored, so it shows it masked.
 */
export const actionSchema = z.object({
  action_id: z.string(),
  agent_id: z.string(),
  type: z.literal('action_prototype'),
  metadata: z.object({
    domain: z.string(),
    raw_spec: z.string(),
    auth: actionAuthSchema,
    privacy_policy_url: z.string().optional(),
    api_key_set: z.boolean(),
  }),
  /** The tools it gives the agent: the operations' names. */
  functions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

const agentParams = z.object({ agent_id: agentIdSchema });

export const ACTION_ROUTES = {
  listActions: route({
    method: 'GET',
    path: '/api/agents/actions',
    summary: "The actions of the caller's agents (no keys)",
    response: z.array(actionSchema),
  }),
  saveAction: route({
    method: 'POST',
    path: '/api/agents/actions/:agent_id',
    summary: 'Add or change an action of an agent (its owner only): the agent and the action',
    params: agentParams,
    body: saveActionSchema,
    response: z.tuple([agentSchema, actionSchema]),
  }),
  deleteAction: route({
    method: 'DELETE',
    path: '/api/agents/actions/:agent_id/:action_id',
    summary: 'Delete an action of an agent (its owner only)',
    params: agentParams.extend({ action_id: actionIdSchema }),
    response: z.object({ message: z.string() }),
  }),
} as const;
