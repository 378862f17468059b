import type { EndpointDefinition, EndpointType } from '../config/app-config.js';
import { anthropicAdapter } from './anthropic/adapter.js';
import { azureAdapter } from './azure/adapter.js';
import { bingAdapter } from './bing/adapter.js';
import { chatGPTBrowserAdapter } from './chatgpt-browser/adapter.js';
import type { Credentials } from './credentials.js';
import { googleAdapter } from './google/adapter.js';
import { createOpenAIChatProvider } from './openai/chat-provider.js';
import { fetchOpenAIModels } from './openai/list-models.js';
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

/** One wire protocol: its chat adapter and, where the provider has one, its live model list. */
export interface ProviderAdapter {
  /**
   * Loads the provider's SDK before the first `chat` (awaited by the registry): an SDK is loaded
   * only when an endpoint of its type is used, not at every start-up.
   */
  load?: () => Promise<unknown>;
  chat: AdapterFactory;
  /** The upstream's models; rejects on any failure (the caller falls back to the defaults). */
  listModels?: (
    endpoint: EndpointDefinition,
    credentials: Credentials,
    signal: AbortSignal,
  ) => Promise<string[]>;
}

const openAICompatible: ProviderAdapter = {
  chat: (endpoint, credentials, opts) =>
    createOpenAIChatProvider(
      { name: endpoint.name, headers: endpoint.headers, forcePrompt: endpoint.forcePrompt, ...credentials },
      opts,
    ),
  listModels: (endpoint, credentials, signal) =>
    fetchOpenAIModels(credentials.baseURL ?? 'https://api.openai.com/v1', credentials.apiKey, {
      headers: endpoint.headers,
      signal,
    }),
};

/**
 * One line per wire protocol: a new provider is a folder under providers/ exporting its
 * ProviderAdapter, plus its entry here and its endpoint type and parameters in the contract.
 */
export const ADAPTERS: Record<EndpointType, ProviderAdapter> = {
  openAI: openAICompatible,
  custom: openAICompatible,
  gptPlugins: openAICompatible,
  azureOpenAI: azureAdapter,
  google: googleAdapter,
  anthropic: anthropicAdapter,
  bingAI: bingAdapter,
  chatGPTBrowser: chatGPTBrowserAdapter,
};
