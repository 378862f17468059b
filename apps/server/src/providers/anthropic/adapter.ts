import type { ProviderAdapter } from '../adapters.js';
import { fetchModelIds } from '../model-list.js';
import { createLanguageModelProvider } from '../sdk/language-model-provider.js';
import { lazyModule } from '../../platform/lazy.js';
import { anthropicWire } from '../sdk/wire-anthropic.js';
import { tapFetch } from '../sdk/wire-stream.js';

const sdk = lazyModule('@ai-sdk/anthropic', () => import('@ai-sdk/anthropic'));

/** The URL the SDK calls unless the endpoint names another (a proxy, a compatible server). */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';
const API_VERSION = '2023-06-01';

/**
 * Anthropic's Messages API. What differs from the other protocols is the SDK's: the system
 * prompt apart, `max_tokens` always sent, top_k, and a last assistant turn sent as a prefill
 * (Continue), which the SDK trims of trailing whitespace as the API requires.
 */
export const anthropicAdapter: ProviderAdapter = {
  load: sdk.load,
  chat(endpoint, credentials, opts) {
    const client = sdk.get().createAnthropic({
      apiKey: credentials.apiKey,
      // Always set: the SDK would otherwise read ANTHROPIC_BASE_URL from the environment.
      baseURL: credentials.baseURL ?? ANTHROPIC_BASE_URL,
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      // A user's own base URL: every connection checked by the SSRF guard (credentials.ts); the
      // stream's body read by wire-stream.ts (the SDK still sends the request).
      fetch: tapFetch(credentials.fetch),
    });
    return createLanguageModelProvider((id) => client.messages(id), { ...opts, wire: anthropicWire });
  },
  listModels: (endpoint, credentials, signal) =>
    fetchModelIds(
      `${(credentials.baseURL ?? ANTHROPIC_BASE_URL).replace(/\/$/, '')}/models?limit=1000`,
      {
        headers: { ...endpoint.headers, 'x-api-key': credentials.apiKey, 'anthropic-version': API_VERSION },
        signal,
      },
      (body) => ((body as { data?: { id?: unknown }[] }).data ?? []).map((m) => m.id),
    ),
};
