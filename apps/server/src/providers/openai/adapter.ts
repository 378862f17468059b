import type { ProviderAdapter } from '../adapter-types.js';
import { shaperOf, staticHeaders } from '../sdk/call-shape.js';
import { createOpenAIChatProvider } from './chat-provider.js';
import { fetchOpenAIModels } from './list-models.js';

/** OpenAI's chat completions protocol: OpenAI, custom endpoints and the plugins endpoint. */
export const openAIAdapter: ProviderAdapter = {
  chat: (endpoint, credentials, opts) =>
    createOpenAIChatProvider(
      {
        name: endpoint.name,
        headers: staticHeaders(endpoint),
        forcePrompt: endpoint.forcePrompt,
        directEndpoint: endpoint.directEndpoint,
        ...credentials,
      },
      { ...opts, shape: shaperOf(endpoint) },
    ),
  listModels: (endpoint, credentials, signal) =>
    fetchOpenAIModels(credentials.baseURL ?? 'https://api.openai.com/v1', credentials.apiKey, {
      headers: staticHeaders(endpoint),
      signal,
      fetch: credentials.fetch,
    }),
};
