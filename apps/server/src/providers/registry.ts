import type { EndpointDefinition } from '../config/app-config.js';
import { AppError } from '../platform/errors.js';
import { createOpenAIChatProvider, type OpenAIProviderOptions } from './openai/chat-provider.js';
import { storableProvider } from './storable-provider.js';
import type { ChatProvider } from './types.js';

export interface ResolvedEndpoint {
  endpoint: EndpointDefinition;
  provider: ChatProvider;
}

export interface ProviderRegistry {
  /** The endpoint and its adapter; unknown names are AppError('unknown_endpoint'). */
  resolve(name: string): ResolvedEndpoint;
  /**
   * The model to use: the requested one (any string, custom servers have arbitrary names) or the
   * endpoint's first model; AppError('no_model') when neither exists.
   */
  resolveModel(endpoint: EndpointDefinition, requested: string | null | undefined): string;
}

/**
 * Resolves endpoint names against the configured endpoints. The list is read on each call (the
 * demo endpoint is added to it at start-up); adapters are built once per endpoint object.
 */
export function createProviderRegistry(
  endpoints: () => EndpointDefinition[],
  opts: OpenAIProviderOptions = {},
): ProviderRegistry {
  const adapters = new WeakMap<EndpointDefinition, ChatProvider>();
  return {
    resolve(name) {
      const endpoint = endpoints().find((e) => e.name === name);
      if (!endpoint) throw new AppError('unknown_endpoint', `Unknown endpoint: ${name}`);
      let provider = adapters.get(endpoint);
      if (!provider) {
        switch (endpoint.type) {
          case 'openAI':
          case 'custom':
            provider = createOpenAIChatProvider(endpoint, opts);
            break;
          default:
            throw new AppError('unknown_endpoint', `Unsupported endpoint type: ${String(endpoint.type)}`);
        }
        // Every adapter, whatever its protocol: upstream text must be storable (storable-provider.ts).
        provider = storableProvider(provider);
        adapters.set(endpoint, provider);
      }
      return { endpoint, provider };
    },
    resolveModel(endpoint, requested) {
      const model = requested?.trim() || endpoint.models[0];
      if (!model) throw new AppError('no_model', `No model selected for ${endpoint.name}`);
      return model;
    },
  };
}
