import { PLUGIN_LIMITS } from './plugin-limits.js';

/**
 * Agents, as LibreChat names them: a saved model on one of the configured endpoints with its own
 * instructions, tools and conversation starters, which its owner may share with everyone (read
 * and use, never edit) or with people chosen by e-mail.
 */

/** The endpoint name agent conversations record, and the endpoint menu's entry. */
export const AGENTS_ENDPOINT = 'agents';

/** Agent ids: LibreChat's `agent_` prefix and 21 letters, digits, `_` or `-` (a nanoid). */
export const AGENT_ID_PREFIX = 'agent_';
export const AGENT_ID_PATTERN = /^agent_[A-Za-z0-9_-]{1,64}$/;

export const AGENT_LIMITS = {
  nameMaxChars: 256,
  descriptionMaxChars: 512,
  instructionsMaxChars: 32768,
  /** Tools one agent may call (the plugins' own ceiling). */
  maxTools: PLUGIN_LIMITS.maxTools,
  /** LibreChat's builder offers four starters; each a short prompt. */
  maxConversationStarters: 4,
  conversationStarterMaxChars: 512,
  /** Agents one person may own. */
  maxPerUser: 200,
  /** People one agent may be shared with by e-mail. */
  maxSharedUsers: 50,
  /** Agents GET /api/agents lists at most (own first, newest first). */
  listMax: 500,
  /** Documents one agent's file_search may hold (as many as a conversation searches). */
  maxFiles: 100,
} as const;

/** The permission levels LibreChat's access roles give on an agent: view (use) or edit. */
export const AGENT_PERMISSIONS = ['VIEW', 'EDIT'] as const;
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];

/**
 * What the builder may give an agent (librechat.yaml `endpoints.agents.capabilities`, LibreChat's
 * AgentCapabilities); DEFAULT_AGENT_CAPABILITIES unless the file lists them.
 */
export const AGENT_CAPABILITIES = [
  'hide_sequential_outputs',
  'end_after_tools',
  'execute_code',
  'file_search',
  'web_search',
  'artifacts',
  'actions',
  'context',
  'tools',
  'chain',
  'ocr',
] as const;
export type AgentCapability = (typeof AGENT_CAPABILITIES)[number];

/** LibreChat's default capabilities: all but the two that change how a run ends or shows. */
export const DEFAULT_AGENT_CAPABILITIES: readonly AgentCapability[] = AGENT_CAPABILITIES.filter(
  (c) => c !== 'hide_sequential_outputs' && c !== 'end_after_tools',
);

/** The tools that are a capability of their own; any other tool (plugins, MCP tools) is `tools`. */
const TOOL_CAPABILITIES: Record<string, AgentCapability> = {
  execute_code: 'execute_code',
  file_search: 'file_search',
  web_search: 'web_search',
};

/** The capability an agent's tool needs. */
export function capabilityOfTool(tool: string): AgentCapability {
  return TOOL_CAPABILITIES[tool] ?? 'tools';
}

/** The bounds of `endpoints.agents.recursionLimit` here. */
export const AGENTS_CONFIG_LIMITS = {
  /**
   * The most model calls one reply of an agent may take when the file sets `recursionLimit` (it
   * counts them here; without it, the plugins' own step limit applies).
   */
  maxRecursionLimit: 50,
} as const;

/** The English texts of the refusals `endpoints.agents` causes. */
export const AGENTS_CONFIG_TEXTS = {
  agentsOff: 'Agents are turned off on this server',
  builderDisabled: 'The agent builder is disabled on this server',
  shareOff: 'Sharing agents with other people is turned off on this server',
  publicOff: 'Sharing agents with everyone is turned off on this server',
  capabilityOff: (tool: string, capability: string) =>
    `${tool} needs the ${capability} capability, which this server does not offer agents`,
} as const;
