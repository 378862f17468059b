import type { EndpointDefinition } from '../config/app-config.js';
import type { Credentials } from './credentials.js';
import { createOpenAIChatProvider } from './openai/chat-provider.js';
import type { ChatProvider } from './types.js';

/** Options every adapter understands (timeouts from config). */
export interface AdapterOptions {
  /** The reply fails with upstream_timeout when nothing arrives for this long. */
  idleTimeoutMs?: number | undefined;
  /** Total time allowed for a non-streaming completion. */
  completeTimeoutMs?: number | undefined;
}

export type AdapterFactory = (
  endpoint: EndpointDefinition,
  credentials: Credentials,
  opts: AdapterOptions,
) => ChatProvider;

const openAICompatible: AdapterFactory = (endpoint, credentials, opts) =>
  createOpenAIChatProvider({ name: endpoint.name, ...credentials }, opts);

/**
 * One line per wire protocol: a new provider is a folder under providers/ exporting a factory,
 * plus its entry here and its endpoint type in the contract.
 */
export const ADAPTERS: Record<EndpointDefinition['type'], AdapterFactory> = {
  openAI: openAICompatible,
  custom: openAICompatible,
};
