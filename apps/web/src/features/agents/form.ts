import {
  AGENTS_ENDPOINT,
  AGENT_LIMITS,
  DEFAULT_AGENT_CAPABILITIES,
  capabilityOfTool,
  EModelEndpoint,
  TOOL_ENDPOINT_TYPES,
  type Agent,
  type EndpointsConfig,
  type ModelsConfig,
} from '@chat/contract';
import type { CreateAgentBody } from './api';

/** The builder's fields as the person edits them. */
export interface AgentFormValues {
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  tools: string[];
  /** Always `maxConversationStarters` boxes; empty ones are not kept. */
  starters: string[];
  isPublic: boolean;
  /** Addresses separated by commas, spaces or new lines. */
  emails: string;
}

/**
 * The tools the builder offers: file search, then the plugins (each whose capability the server
 * offers agents, `endpoints.agents.capabilities`), then the tools the agent has that are none of
 * these (kept, so saving does not drop them unseen).
 */
export function toolChoices(
  config: EndpointsConfig | undefined,
  plugins: readonly { pluginKey: string; name: string }[],
  fileSearchName: string,
  chosen: readonly string[],
): { key: string; name: string }[] {
  const capabilities: readonly string[] =
    config?.[AGENTS_ENDPOINT]?.capabilities ?? DEFAULT_AGENT_CAPABILITIES;
  const offered = [
    { key: 'file_search', name: fileSearchName },
    ...plugins.map((p) => ({ key: p.pluginKey, name: p.name })),
  ].filter((tool) => capabilities.includes(capabilityOfTool(tool.key)));
  const rest = chosen.filter((k) => !offered.some((o) => o.key === k)).map((k) => ({ key: k, name: k }));
  return [...offered, ...rest];
}

/** The endpoints an agent may run on, as the menu orders them (the server checks the same rule). */
export function agentProviders(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.entries(config)
    .filter(
      ([name, e]) =>
        name !== AGENTS_ENDPOINT &&
        name !== EModelEndpoint.assistant &&
        e.type !== EModelEndpoint.gptPlugins &&
        (TOOL_ENDPOINT_TYPES as readonly (string | undefined)[]).includes(e.type),
    )
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name]) => name);
}

const starterBoxes = (list: readonly string[]) =>
  Array.from({ length: AGENT_LIMITS.maxConversationStarters }, (_, i) => list[i] ?? '');

export function emptyValues(providers: readonly string[], models: ModelsConfig | undefined): AgentFormValues {
  const provider = providers[0] ?? '';
  return {
    name: '',
    description: '',
    instructions: '',
    provider,
    model: models?.[provider]?.[0] ?? '',
    tools: [],
    starters: starterBoxes([]),
    isPublic: false,
    emails: '',
  };
}

export function valuesOf(a: Agent): AgentFormValues {
  return {
    name: a.name ?? '',
    description: a.description ?? '',
    instructions: a.instructions ?? '',
    provider: a.provider,
    model: a.model,
    tools: [...a.tools],
    starters: starterBoxes(a.conversation_starters),
    isPublic: a.isPublic,
    emails: (a.sharedWith ?? []).join(', '),
  };
}

export function bodyOf(v: AgentFormValues): CreateAgentBody {
  return {
    name: v.name.trim() || null,
    description: v.description.trim() || null,
    instructions: v.instructions.trim() || null,
    provider: v.provider,
    model: v.model,
    tools: v.tools,
    conversation_starters: v.starters.map((s) => s.trim()).filter((s) => s.length > 0),
  };
}

export function emailsOf(v: AgentFormValues): string[] {
  return v.emails
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e.length > 0);
}
