import {
  AGENTS_ENDPOINT,
  EModelEndpoint,
  ENDPOINT_DISPLAY_ORDER,
  isPremiumModel,
  type EndpointsConfig,
  type ModelsConfig,
} from '@chat/contract';
import { paramsTypeOf, type EndpointDefinition, type PremiumConfig } from '../../config/app-config.js';
import { agentEndpoints } from '../../config/agent-endpoints.js';
import { assistantModels } from '../../config/assistant-endpoints.js';
import type { AgentsConfig } from '../../config/agents-yaml.js';

/**
 * GET /api/endpoints: the built-ins by the spec's display order, then the custom endpoints in
 * the order librechat.yaml lists them (the demo last).
 */
export function presentEndpoints(
  endpoints: readonly EndpointDefinition[],
  premium?: PremiumConfig,
  agents?: AgentsConfig,
): EndpointsConfig {
  const result: EndpointsConfig = {};
  endpoints.forEach((e, i) => {
    const builtIn = ENDPOINT_DISPLAY_ORDER.indexOf(e.name as (typeof ENDPOINT_DISPLAY_ORDER)[number]);
    // The premium gate counts only sends on the server's key: the same rule marks the models.
    const counted = premium && !e.userProvide && !e.userProvideURL;
    const premiumModels = counted ? e.models.filter((m) => isPremiumModel(m, premium.models)) : [];
    result[e.name] = {
      order: builtIn >= 0 ? builtIn : ENDPOINT_DISPLAY_ORDER.length + i,
      type: e.type,
      ...(paramsTypeOf(e) !== e.type ? { paramsType: paramsTypeOf(e) } : {}),
      ...(e.paramOverrides ? { paramOverrides: e.paramOverrides } : {}),
      userProvide: e.userProvide,
      ...(e.userProvideURL ? { userProvideURL: true } : {}),
      ...(e.label ? { modelDisplayLabel: e.label } : {}),
      ...(e.iconURL ? { iconURL: e.iconURL } : {}),
      ...(e.modelLabels && Object.keys(e.modelLabels).length > 0 ? { modelLabels: e.modelLabels } : {}),
      ...(e.relabelModels ? { relabelModels: true } : {}),
      ...(e.isDemo ? { isDemo: true } : {}),
      ...(e.azure ? { azure: true } : {}),
      ...(premiumModels.length > 0 ? { premiumModels } : {}),
    };
  });
  // Assistants run on one of the endpoints above: listed last (the spec's order has no place for
  // them), only when some endpoint can run one (docs/decisions.md).
  if (assistantModels(endpoints).length > 0) {
    result[EModelEndpoint.assistant] = {
      order: ENDPOINT_DISPLAY_ORDER.length + endpoints.length,
      type: EModelEndpoint.assistant,
      userProvide: false,
    };
  }
  // Agents run on the endpoints above too, each on its own; their list is GET /api/agents.
  // Not where `interface.agents` turns them off for everyone.
  if (agentEndpoints(endpoints).length > 0 && agents?.use !== false) {
    result[AGENTS_ENDPOINT] = {
      order: ENDPOINT_DISPLAY_ORDER.length + endpoints.length + 1,
      type: AGENTS_ENDPOINT,
      userProvide: false,
      // LibreChat's client reads these off the agents entry (librechat.yaml endpoints.agents).
      ...(agents ? { disableBuilder: agents.disableBuilder, capabilities: [...agents.capabilities] } : {}),
    };
  }
  return result;
}

/** GET /api/models: LibreChat's shape, the real names per endpoint (labels are in /api/endpoints). */
export function presentModels(endpoints: readonly EndpointDefinition[]): ModelsConfig {
  const result: ModelsConfig = {};
  for (const e of endpoints) result[e.name] = e.models;
  const assistant = assistantModels(endpoints);
  if (assistant.length > 0) result[EModelEndpoint.assistant] = assistant;
  return result;
}
