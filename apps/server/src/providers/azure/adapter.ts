import type { ProviderAdapter } from '../adapter-types.js';
import { createLanguageModelProvider } from '../sdk/language-model-provider.js';
import { lazyModule } from '../../platform/lazy.js';
import { azureRoute, baseURLFor, deploymentOf } from './target.js';

const sdk = lazyModule('@ai-sdk/azure', () => import('@ai-sdk/azure'));

/**
 * Azure OpenAI: OpenAI's Chat Completions under a deployment, keyed by `api-key`, with an
 * `api-version` (target.ts says where). No model list: deployments are not listed with a key.
 */
export const azureAdapter: ProviderAdapter = {
  load: sdk.load,
  chat(endpoint, credentials, opts) {
    const route = azureRoute(credentials, endpoint.azureModelAsDeployment === true);
    // One client per base URL: a base URL holding ${DEPLOYMENT_NAME} differs per model.
    const clients = new Map<string, ReturnType<typeof createClient>>();
    const createClient = (baseURL: string | undefined) =>
      sdk.get().createAzure({
        apiKey: credentials.apiKey,
        apiVersion: route.apiVersion,
        useDeploymentBasedUrls: true,
        ...(baseURL ? { baseURL } : { resourceName: route.resourceName }),
        ...(endpoint.headers ? { headers: endpoint.headers } : {}),
        // A user's own base URL: every connection checked by the SSRF guard (credentials.ts).
        ...(credentials.fetch ? { fetch: credentials.fetch } : {}),
      });
    return createLanguageModelProvider((model) => {
      const baseURL = baseURLFor(route, model);
      let client = clients.get(baseURL ?? '');
      if (!client) {
        client = createClient(baseURL);
        clients.set(baseURL ?? '', client);
      }
      return client.chat(deploymentOf(route, model));
    }, opts);
  },
};
