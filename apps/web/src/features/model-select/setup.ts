import {
  DEFAULT_MODELS,
  EModelEndpoint,
  LOCAL_KEYS,
  type EndpointsConfig,
  type ModelsConfig,
} from '@chat/contract';

/** The endpoint + model a new conversation starts with, remembered between visits. */
export interface ChatSetup {
  endpoint: string;
  model: string;
}

/**
 * Endpoint names by configured order (then name, for a stable list). Assistants are not among
 * them: they are chatted with in their own view (/a/) through /api/assistants/chat.
 */
export function sortedEndpoints(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.entries(config)
    .filter(([name]) => name !== EModelEndpoint.assistant)
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([name]) => name);
}

/**
 * The starting endpoint: the conversation's own; else the last stored setup's; else the first by
 * configured order that the person can use as things stand, one running on the server's key. An
 * endpoint that waits for the person's own key (`userProvide`) would open on a key form while
 * others work; it stays in the menu, in its place, for whoever wants to set it up. An endpoint
 * the person hid from the menu is passed over as well. When no endpoint fits, the first shown,
 * else the first by order.
 */
export function pickEndpoint(
  convoEndpoint: string | null | undefined,
  stored: string | null | undefined,
  config: EndpointsConfig | undefined,
  hidden: readonly string[] = [],
): string | null {
  const names = sortedEndpoints(config);
  if (convoEndpoint && (!config || names.includes(convoEndpoint))) return convoEndpoint;
  if (stored && names.includes(stored)) return stored;
  const shown = names.filter((name) => !hidden.includes(name));
  const usable = shown.find((name) => config?.[name]?.userProvide !== true);
  return usable ?? shown[0] ?? names[0] ?? convoEndpoint ?? null;
}

/** The first preferred model the endpoint offers; else its default model where offered; else its first. */
export function pickModel(
  endpoint: string,
  models: ModelsConfig | undefined,
  preferred: (string | null | undefined)[],
): string | null {
  const list = models?.[endpoint] ?? [];
  for (const p of preferred) if (p && (list.length === 0 || list.includes(p))) return p;
  // Nothing chosen before: the endpoint's default model where it is offered, else its first.
  const byDefault = (DEFAULT_MODELS as Record<string, string>)[endpoint];
  if (byDefault && list.includes(byDefault)) return byDefault;
  return list[0] ?? byDefault ?? null;
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function readLastSetup(): Partial<ChatSetup> {
  const value = readJson(LOCAL_KEYS.lastConversationSetup);
  if (!value || typeof value !== 'object') return {};
  const { endpoint, model } = value as Record<string, unknown>;
  return {
    ...(typeof endpoint === 'string' ? { endpoint } : {}),
    ...(typeof model === 'string' ? { model } : {}),
  };
}

/** The last model chosen per endpoint. */
export function readLastModels(): Record<string, string> {
  const value = readJson(LOCAL_KEYS.lastSelectedModel);
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

export function writeLastSetup(setup: ChatSetup): void {
  try {
    const previous = readJson(LOCAL_KEYS.lastConversationSetup);
    const base = previous && typeof previous === 'object' ? previous : {};
    localStorage.setItem(LOCAL_KEYS.lastConversationSetup, JSON.stringify({ ...base, ...setup }));
    localStorage.setItem(
      LOCAL_KEYS.lastSelectedModel,
      JSON.stringify({ ...readLastModels(), [setup.endpoint]: setup.model }),
    );
  } catch {
    // storage unavailable: the choice is simply not remembered
  }
}

/** The model spec last chosen, while the person's last choice was one. */
export function readLastSpec(): string | null {
  try {
    return localStorage.getItem(LOCAL_KEYS.lastSpec);
  } catch {
    return null;
  }
}

/** Remembers the spec chosen; null forgets it (a model chosen from the endpoint menu). */
export function writeLastSpec(name: string | null): void {
  try {
    if (name === null) localStorage.removeItem(LOCAL_KEYS.lastSpec);
    else localStorage.setItem(LOCAL_KEYS.lastSpec, name);
  } catch {
    // storage unavailable: the choice is simply not remembered
  }
}

/** The plugins last selected. */
export function readLastTools(): string[] {
  const value = readJson(LOCAL_KEYS.lastSelectedTools);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function writeLastTools(tools: readonly string[]): void {
  try {
    localStorage.setItem(LOCAL_KEYS.lastSelectedTools, JSON.stringify(tools));
  } catch {
    // storage unavailable: the choice is simply not remembered
  }
}

/** The selected plugins still installed (an uninstalled plugin leaves the selection); all when unknown. */
export function installedOnly(tools: readonly string[], installed: readonly string[] | undefined): string[] {
  return installed ? tools.filter((k) => installed.includes(k)) : [...tools];
}
