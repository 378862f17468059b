import { z } from 'zod';

/** The plugin fields other entities carry (messages, conversations); no imports of entities here. */

/** Names a plugin key may have: what the providers accept as a tool name. */
export const pluginKeySchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a plugin key');

export const PLUGIN_LIMITS = {
  /** Spec §5: each auth field needs at least this many characters. */
  authMinChars: 10,
  /** No credential is longer than this. */
  authMaxChars: 4096,
  /** Plugins one request may select. */
  maxTools: 16,
  /** Model turns the agent may take in one reply (each may call tools); the last one answers. */
  maxSteps: 5,
  /** One tool call may take this long before it fails (the reply goes on). */
  toolTimeoutMs: 60_000,
  /** Tool output handed back to the model is cut to this many characters. */
  toolOutputMaxChars: 8000,
  /** What a plugin state keeps of a tool's input and output for display. */
  displayMaxChars: 4000,
  /** Spec §5: the plugin store's search matches names case-insensitively. */
  storeSearchMaxChars: 100,
} as const;

/** The name the display states give the agent's own thinking between tool calls (LibreChat's). */
export const SELF_REFLECTION = 'self reflection';

/** One tool input as LibreChat's messages keep it. */
export const pluginInputSchema = z.object({ inputStr: z.string() });

/**
 * The display state of one plugin use on a reply (LibreChat's message `plugins` entries; spec §4
 * Plugin display states): `Using {latest}...` while `loading`, `Used {latest}` after; for
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
});
export type PluginState = z.infer<typeof pluginStateSchema>;

/** A plugin as the ask body selects it: its key, or an object with `pluginKey` (both accepted). */
export const toolRefSchema = z.union([pluginKeySchema, z.object({ pluginKey: pluginKeySchema })]);
export type ToolRef = z.infer<typeof toolRefSchema>;
export const toolKeyOf = (ref: ToolRef): string => (typeof ref === 'string' ? ref : ref.pluginKey);

/** Spec §3 agentOptions (defaults: AGENT_DEFAULTS in endpoints.ts). */
export const agentOptionsSchema = z.object({
  agent: z.enum(['functions', 'classic']).nullish(),
  skipCompletion: z.boolean().nullish(),
  model: z.string().max(256).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
});
export type AgentOptions = z.infer<typeof agentOptionsSchema>;
