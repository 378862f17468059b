import { AGENTS_ENDPOINT, type Agent, type EndpointsConfig, type ModelsConfig } from '@chat/contract';

/**
 * Whether the chosen agent is gone: the agents endpoint is chosen, the person's agents are
 * known, and the one the conversation talks to is not among them (deleted, or no longer shared).
 */
export function agentMissing(
  endpoint: string | null,
  model: string | null,
  agents: readonly Agent[] | undefined,
): boolean {
  if (endpoint !== AGENTS_ENDPOINT || !model || !agents) return false;
  return !agents.some((a) => a.id === model);
}

/**
 * The endpoints a conversation whose agent is gone may go on with: every other one offered here
 * with a model, in the menu's order, each with its first model.
 */
export function otherEndpoints(
  endpoints: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
): { endpoint: string; model: string }[] {
  return Object.entries(endpoints ?? {})
    .filter(([name, e]) => name !== AGENTS_ENDPOINT && e !== undefined)
    .sort(([, a], [, b]) => (a?.order ?? 0) - (b?.order ?? 0))
    .flatMap(([name]) => {
      const model = models?.[name]?.[0];
      return model ? [{ endpoint: name, model }] : [];
    });
}
