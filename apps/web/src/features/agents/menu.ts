import { useMemo } from 'react';
import { AGENTS_ENDPOINT, type Agent, type EndpointsConfig, type ModelsConfig } from '@chat/contract';
import { useAgents } from './api';

/**
 * The endpoint menu with the person's agents as the `agents` endpoint's "models": each agent's id,
 * shown by its name (an unnamed one by its id, as LibreChat does).
 */
export function withAgents(
  endpoints: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
  agents: readonly Agent[] | undefined,
): { endpoints: EndpointsConfig | undefined; models: ModelsConfig | undefined } {
  const entry = endpoints?.[AGENTS_ENDPOINT];
  if (!entry || !models) return { endpoints, models };
  const list = agents ?? [];
  const modelLabels = Object.fromEntries(list.map((a) => [a.id, a.name?.trim() || a.id]));
  const modelIcons = Object.fromEntries(list.flatMap((a) => (a.avatar ? [[a.id, a.avatar.filepath]] : [])));
  return {
    endpoints: {
      ...endpoints,
      [AGENTS_ENDPOINT]: { ...entry, modelLabels, modelIcons, relabelModels: false },
    },
    models: { ...models, [AGENTS_ENDPOINT]: list.map((a) => a.id) },
  };
}

/** The menu's endpoints and models, with the agents once the server offers them. */
export function useAgentsInMenu(endpoints: EndpointsConfig | undefined, models: ModelsConfig | undefined) {
  const on = endpoints?.[AGENTS_ENDPOINT] !== undefined;
  const agents = useAgents(on);
  return useMemo(() => withAgents(endpoints, models, agents.data), [endpoints, models, agents.data]);
}
