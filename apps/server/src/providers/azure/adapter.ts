import type { ProviderAdapter } from '../adapters.js';
import { createLanguageModelProvider } from '../sdk/language-model-provider.js';
import { lazySdk } from '../sdk/lazy.js';

const sdk = lazySdk('@ai-sdk/azure', () => import('@ai-sdk/azure'));
import { azureRoute } from './target.js';

/**
 * Azure OpenAI: OpenAI's Chat Completions under a deployment, keyed by `api-key`, with an
 * `api-version` (target.ts says where). No model list: deployments are not listed with a key.
 */
export const azureAdapter: ProviderAdapter = {
  load: sdk.load,
  chat(endpoint, credentials, opts) {
    const route = azureRoute(credentials);
    const client = sdk.get().createAzure({
      apiKey: credentials.apiKey,
      apiVersion: route.apiVersion,
      useDeploymentBasedUrls: true,
      ...(route.baseURL ? { baseURL: route.baseURL } : { resourceName: route.resourceName }),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      // A user's own base URL: every connection checked by the SSRF guard (credentials.ts).
      ...(credentials.fetch ? { fetch: credentials.fetch } : {}),
    });
    return createLanguageModelProvider((model) => client.chat(route.deployment ?? model), opts);
  },
};
