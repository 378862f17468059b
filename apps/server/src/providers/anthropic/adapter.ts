import type { EndpointDefinition } from '../../config/app-config.js';
import type { ProviderAdapter } from '../adapter-types.js';
import { shaperOf, shapingFetch, staticHeaders } from '../sdk/call-shape.js';
import { fetchModelIds } from '../fetch-model-ids.js';
import { createLanguageModelProvider } from '../sdk/language-model-provider.js';
import { lazyModule } from '../../platform/lazy.js';
import { anthropicWire } from '../sdk/wire-anthropic.js';
import { tapFetch } from '../sdk/wire-stream.js';

const sdk = lazyModule('@ai-sdk/anthropic', () => import('@ai-sdk/anthropic'));

/** The URL the SDK calls unless the endpoint names another (a proxy, a compatible server). */
const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';
const API_VERSION = '2023-06-01';

/**
 * The URL the SDK calls. A custom endpoint's `baseURL` is the API's root as LibreChat's Anthropic
 * client takes it (`https://api.anthropic.com`, a gateway's root), under which the API's version
 * path comes; the built-in endpoint's (ANTHROPIC_REVERSE_PROXY) already ends with it.
 */
function baseURLOf(endpoint: EndpointDefinition, baseURL: string | undefined): string {
  if (!baseURL) return ANTHROPIC_BASE_URL;
  const trimmed = baseURL.replace(/\/+$/, '');
  return endpoint.type === 'custom' && !trimmed.endsWith('/v1') ? `${trimmed}/v1` : trimmed;
}

/**
 * Anthropic's Messages API. What differs from the other protocols is the SDK's: the system
 * prompt apart, `max_tokens` always sent, top_k, and a last assistant turn sent as a prefill
 * (Continue), which the SDK trims of trailing whitespace as the API requires.
 */
export const anthropicAdapter: ProviderAdapter = {
  load: sdk.load,
  chat(endpoint, credentials, opts) {
    const shape = shaperOf(endpoint);
    // A user's own base URL: every connection checked by the SSRF guard (credentials.ts); the
    // stream's body read by wire-stream.ts (the SDK still sends the request).
    const tapped = tapFetch(credentials.fetch);
    const headers = staticHeaders(endpoint);
    const client = sdk.get().createAnthropic({
      apiKey: credentials.apiKey,
      // Always set: the SDK would otherwise read ANTHROPIC_BASE_URL from the environment.
      baseURL: baseURLOf(endpoint, credentials.baseURL),
      ...(headers ? { headers } : {}),
      fetch: shape ? shapingFetch(tapped) : tapped,
    });
    return createLanguageModelProvider((id) => client.messages(id), { ...opts, shape, wire: anthropicWire });
  },
  listModels: (endpoint, credentials, signal) =>
    fetchModelIds(
      `${baseURLOf(endpoint, credentials.baseURL)}/models?limit=1000`,
      {
        headers: {
          ...staticHeaders(endpoint),
          'x-api-key': credentials.apiKey,
          'anthropic-version': API_VERSION,
        },
        signal,
      },
      (body) => ((body as { data?: { id?: unknown }[] }).data ?? []).map((m) => m.id),
      credentials.fetch,
    ),
};
