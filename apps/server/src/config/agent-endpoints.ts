import { TOOL_ENDPOINT_TYPES } from '@chat/contract';
import type { EndpointDefinition } from './app-config.js';

/**
 * The endpoints an agent may run on: those whose models call tools, except the legacy plugins
 * endpoint (its own agent has options of its own). None: the `agents` endpoint is not offered.
 */
export function agentEndpoints(endpoints: readonly EndpointDefinition[]): EndpointDefinition[] {
  return endpoints.filter((e) => TOOL_ENDPOINT_TYPES.includes(e.type) && e.type !== 'gptPlugins');
}
