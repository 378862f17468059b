import { z } from 'zod';
import { ARTIFACT_MODES } from './artifacts.js';
import { fileSearchArtifactSchema } from './file-search-schemas.js';
import { MCP_LIMITS } from './mcp.js';
import { AGENT_TEMPERATURE_MAX } from './plugin-limits.js';

/** The plugin fields other entities carry (messages, conversations); no imports of entities here. */

/** Names a plugin key may have: what the providers accept as a tool name. */
export const pluginKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a plugin key');

/** One tool input as LibreChat's messages keep it. */
export const pluginInputSchema = z.object({ inputStr: z.string() });

/**
 * The display state of one plugin use on a reply (LibreChat's message `plugins` entries): `Using {latest}...` while `loading`, `Used {latest}` after; for
 * `latest` = SELF_REFLECTION, `I'm thinking...` while loading and `Finished` after.
 */
export const pluginStateSchema = z.object({
  pluginKey: z.string(),
  /** The plugin's display name (or SELF_REFLECTION). */
  latest: z.string(),
  loading: z.boolean(),
  inputs: z.array(pluginInputSchema),
  outputs: z.string().nullable(),
  /** The tool failed; `outputs` says why. */
  error: z.boolean().optional(),
  /** What a file_search call found (LibreChat's artifact): the passages cited under the reply. */
  file_search: fileSearchArtifactSchema.optional(),
});
export type PluginState = z.infer<typeof pluginStateSchema>;

/** A plugin as the ask body selects it: its key, or an object with `pluginKey` (both accepted). */
export const toolRefSchema = z.union([pluginKeySchema, z.object({ pluginKey: pluginKeySchema })]);
export type ToolRef = z.infer<typeof toolRefSchema>;
export const toolKeyOf = (ref: ToolRef): string => (typeof ref === 'string' ? ref : ref.pluginKey);

/** AgentOptions (defaults: AGENT_DEFAULTS in endpoints.ts). */
export const agentOptionsSchema = z.object({
  agent: z.enum(['functions', 'classic']).nullish(),
  skipCompletion: z.boolean().nullish(),
  model: z.string().max(256).nullish(),
  temperature: z.number().min(0).max(AGENT_TEMPERATURE_MAX).nullish(),
});
export type AgentOptions = z.infer<typeof agentOptionsSchema>;

/**
 * The tools chosen for a conversation beside its plugins (LibreChat's `ephemeralAgent`): `mcp`
 * names MCP servers whose every tool the model may call; `artifacts` (LibreChat's ArtifactModes)
 * adds the artifacts instructions to the system prompt. LibreChat's other switches (web search,
 * code execution) are read and dropped: this server has no such tools.
 */
export const ephemeralAgentSchema = z.object({
  mcp: z
    .array(z.string().min(1).max(MCP_LIMITS.serverNameMaxChars))
    .max(MCP_LIMITS.maxChosenServers)
    .optional(),
  artifacts: z.union([z.enum(ARTIFACT_MODES), z.literal('')]).nullish(),
});
export type EphemeralAgent = z.infer<typeof ephemeralAgentSchema>;
