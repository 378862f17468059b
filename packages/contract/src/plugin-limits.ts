// The plugins' limits and names, zod-free (the browser's first paint reads them).

export const PLUGIN_LIMITS = {
  /** Each auth field needs at least this many characters. */
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
  /** The plugin store's search matches names case-insensitively. */
  storeSearchMaxChars: 100,
} as const;

/** The name the display states give the agent's own thinking between tool calls (LibreChat's). */
export const SELF_REFLECTION = 'self reflection';

/** The plugins agent's temperature range (OpenAI's: 0 to 2). */
export const AGENT_TEMPERATURE_MAX = 2;

/**
 * The endpoint types whose models call tools: on these a conversation's chosen tools (plugins,
 * MCP servers) make the reply an agent's. The legacy upstreams and the assistants (their own
 * tools) are not among them.
 */
export const TOOL_ENDPOINT_TYPES: readonly string[] = [
  'openAI',
  'azureOpenAI',
  'custom',
  'anthropic',
  'google',
  'gptPlugins',
];
