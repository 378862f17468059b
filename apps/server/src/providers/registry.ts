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
   * The model to use: the requested one, which must be one the endpoint offers unless it allows
   * any (AppError('unknown_model')), or else the endpoint's first model (AppError('no_model')
   * when it has none).
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
      const wanted = requested?.trim();
      if (!wanted) {
        const first = endpoint.models[0];
        if (!first) throw new AppError('no_model', `No model selected for ${endpoint.name}`);
        return first;
      }
      // Only what the endpoint offers (GET /api/models) reaches a paid upstream, unless its
      // config opens it to any name (OPENAI_ALLOW_ANY_MODEL).
      if (endpoint.allowAnyModel || endpoint.models.includes(wanted)) return wanted;
      throw new AppError(
        'unknown_model',
        `Model ${JSON.stringify(wanted.slice(0, 100))} is not offered by the ${endpoint.name} endpoint`,
      );
    },
  };
}
