/**
 * Memories: facts about a person (key/value entries, each with its token count) that the model
 * may use in its replies, at LibreChat's /api/memories routes and under its `memory` block of
 * librechat.yaml. Zod-free: the web's Settings section and the server read these; the schemas and
 * route rows are in memories-schemas.ts.
 */

export const MEMORY_LIMITS = {
  /** The longest key (characters, after trimming), LibreChat's. */
  keyMaxChars: 1000,
  /** The longest value when `memory.charLimit` is not set, LibreChat's default. */
  defaultCharLimit: 10_000,
  /** The most `memory.charLimit` may raise a value's length to (a request body stays small). */
  charLimitCeiling: 100_000,
  /** Entries one person may keep, whatever the token limit. */
  maxEntriesPerUser: 500,
  /** `memory.messageWindowSize` when absent: the messages the memory agent reads, LibreChat's. */
  defaultMessageWindowSize: 5,
  /** The most messages the memory agent reads after a reply. */
  messageWindowMax: 100,
  /** Tool calls of one memory agent's answer that are applied; the rest are dropped. */
  agentMaxToolCalls: 20,
  /** How long the memory agent's one completion may take before it is given up. */
  agentTimeoutMs: 30_000,
  /** The most characters of one message the memory agent is shown. */
  agentMessageMaxChars: 8_000,
} as const;

/** The names of the memory agent's tools, LibreChat's. */
export const MEMORY_TOOLS = { set: 'set_memory', delete: 'delete_memory' } as const;

/** The server's English error messages (the web shows its own translated texts by their keys). */
export const MEMORY_TEXTS = {
  disabled: 'Memories are turned off',
  notFound: 'Memory not found.',
  exists: 'Memory with this key already exists.',
  personalizeOff: 'The memory preference cannot be changed here',
  tooMany: `A person may keep at most ${MEMORY_LIMITS.maxEntriesPerUser} memories`,
  keyNotAllowed: (validKeys: readonly string[]) => `Key must be one of: ${validKeys.join(', ')}.`,
  valueTooLong: (charLimit: number, length: number) =>
    `Value exceeds maximum length of ${charLimit} characters. Current length: ${length} characters.`,
  overTokenLimit: (tokenLimit: number, current: number) =>
    `Adding this memory would exceed the token limit of ${tokenLimit}. Current usage: ${current} tokens.`,
} as const;

/** The i18n keys of the refusals the server decides from librechat.yaml (issues[].key). */
export const MEMORY_ISSUE_KEYS = {
  keyNotAllowed: 'com_ui_memory_key_not_allowed',
  valueTooLong: 'com_ui_memory_value_too_long',
  overTokenLimit: 'com_ui_memory_would_exceed',
} as const;

/** The memory agent of librechat.yaml's `memory.agent`, as the server runs it. */
export interface MemoryAgentConfig {
  /** The endpoint the agent's model is on (LibreChat's `provider`: an endpoint's name). */
  provider: string;
  model: string;
  /** Replaces the built-in instructions when set. */
  instructions?: string | undefined;
  /** LibreChat's `model_parameters` this product reads. */
  params: {
    temperature?: number | undefined;
    top_p?: number | undefined;
    frequency_penalty?: number | undefined;
    presence_penalty?: number | undefined;
    maxOutputTokens?: number | undefined;
  };
}

/** librechat.yaml `memory` once read; absent (or `disabled: true`) is memory off. */
export interface MemoryConfig {
  /** The only keys an entry may have; any key when absent. */
  validKeys?: string[] | undefined;
  /** The most tokens all of a person's entries may hold together; no limit when absent. */
  tokenLimit?: number | undefined;
  /** The longest value (characters). */
  charLimit: number;
  /** People may turn their memories off (Settings' switch); when false the switch is not offered. */
  personalize: boolean;
  /** How many of the conversation's last messages the memory agent reads. */
  messageWindowSize: number;
  /** The model that proposes memories after each reply; none: only the person writes them. */
  agent?: MemoryAgentConfig | undefined;
}

/** A key as kept: trimmed; null when nothing is left. */
export function normalizeMemoryKey(raw: string): string | null {
  const key = raw.trim();
  return key === '' ? null : key;
}

/** LibreChat's usage: the share of the token limit used, in whole percents up to 100; null without a limit. */
export function memoryUsagePercentage(
  totalTokens: number,
  tokenLimit: number | null | undefined,
): number | null {
  if (!tokenLimit || tokenLimit <= 0) return null;
  return Math.min(100, Math.round((totalTokens / tokenLimit) * 100));
}
