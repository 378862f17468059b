import { createHash } from 'node:crypto';
import { adapterTypeOf, type EndpointDefinition } from '../config/app-config.js';
import { AppError } from '../platform/errors.js';
import { proxyDispatcherOf } from '../platform/net/upstream-proxy.js';
import type { AdapterOptions } from './adapter-types.js';
import { ADAPTERS } from './adapters.js';
import { createCredentialsResolver, type Credentials, type CredentialsResolver } from './credentials.js';
import { storableProvider } from './storable-provider.js';
import type { ChatProvider } from './types.js';
import { placeholderNeeds, withRequestContext } from './placeholders.js';
import type { RequestContext } from './types.js';

export interface ProviderRegistry {
  /** The endpoint of that name; unknown names are AppError('unknown_endpoint'). */
  endpoint(name: string): EndpointDefinition;
  /**
   * The adapter for one request of `userId` to `endpoint`, built from the credentials the
   * resolver answers (the server's key, or the user's own: AppError('no_user_key') if none);
   * its requests fill the endpoint's user placeholders with this user's fields.
   */
  provider(endpoint: EndpointDefinition, userId: string): Promise<ChatProvider>;
  /**
   * The credentials a request of `userId` to `endpoint` uses (what `provider` builds its adapter
   * from), for another API of the same upstream (the image plugin's Images API).
   */
  credentials(endpoint: EndpointDefinition, userId: string): Promise<Credentials>;
  /**
   * The model to use: the requested one, which must be one the endpoint offers unless it allows
   * any (AppError('unknown_model')), or else the endpoint's first model (AppError('no_model')
   * when it has none).
   */
  resolveModel(endpoint: EndpointDefinition, requested: string | null | undefined): string;
}

/**
 * Adapters kept per endpoint and per set of credentials: building one creates an SDK client, and
 * the relay's speed depends on reusing it (one for the server's key; users' keys share the bound).
 */
const MAX_ADAPTERS_PER_ENDPOINT = 200;

/** What tells two sets of credentials apart (an Azure key may serve several deployments). */
function credentialsKey(creds: Credentials): string {
  const { instanceName = '', deploymentName = '', apiVersion = '' } = creds.azure ?? {};
  const sa = creds.googleServiceAccount;
  // The account, its token endpoint and a digest of its key: users who share only an account's
  // e-mail never share an adapter (which signs with the key it was built with).
  const account = sa
    ? [sa.client_email, sa.token_uri ?? '', createHash('sha256').update(sa.private_key).digest('hex')].join(
        ' ',
      )
    : '';
  // A user's own URL goes through the guarded fetch: never shared with an unguarded adapter (nor
  // with one going through the operator's proxy).
  const guarded = !creds.fetch ? '' : proxyDispatcherOf(creds.fetch) ? 'proxy' : 'guarded';
  return [creds.baseURL ?? '', creds.apiKey, instanceName, deploymentName, apiVersion, account, guarded].join(
    '\n',
  );
}

/**
 * Resolves endpoint names against the configured endpoints. The list is read on each call (the
 * demo endpoint is added to it at start-up).
 */
export function createProviderRegistry(
  endpoints: () => EndpointDefinition[],
  opts: AdapterOptions = {},
  deps: {
    credentials?: CredentialsResolver;
    /** The user's fields for request placeholders (user-fields.ts); without it, only the id. */
    userFields?: ((userId: string) => Promise<NonNullable<RequestContext['user']>>) | undefined;
  } = {},
): ProviderRegistry {
  const credentials = deps.credentials ?? createCredentialsResolver();
  const needs = new WeakMap<EndpointDefinition, ReturnType<typeof placeholderNeeds>>();
  const needsOf = (endpoint: EndpointDefinition) => {
    let n = needs.get(endpoint);
    if (!n) needs.set(endpoint, (n = placeholderNeeds(endpoint)));
    return n;
  };
  const adapters = new WeakMap<EndpointDefinition, Map<string, ChatProvider>>();

  const adapter = (endpoint: EndpointDefinition, creds: Credentials): ChatProvider => {
    let byCreds = adapters.get(endpoint);
    if (!byCreds) adapters.set(endpoint, (byCreds = new Map()));
    const key = credentialsKey(creds);
    let provider = byCreds.get(key);
    if (provider) {
      // Most recently used last, so the oldest is the one dropped.
      byCreds.delete(key);
      byCreds.set(key, provider);
      return provider;
    }
    const factory = ADAPTERS[adapterTypeOf(endpoint)]?.chat;
    if (!factory)
      throw new AppError('unknown_endpoint', `Unsupported endpoint type: ${String(endpoint.type)}`);
    // Every adapter, whatever its protocol: upstream text must be storable (storable-provider.ts).
    provider = storableProvider(factory(endpoint, creds, opts));
    byCreds.set(key, provider);
    if (byCreds.size > MAX_ADAPTERS_PER_ENDPOINT) byCreds.delete(byCreds.keys().next().value!);
    return provider;
  };

  return {
    endpoint(name) {
      const endpoint = endpoints().find((e) => e.name === name);
      if (!endpoint) throw new AppError('unknown_endpoint', `Unknown endpoint: ${name}`);
      return endpoint;
    },
    async provider(endpoint, userId) {
      const creds = await credentials.resolve(endpoint, userId);
      await ADAPTERS[adapterTypeOf(endpoint)]?.load?.();
      const provider = adapter(endpoint, creds);
      const need = needsOf(endpoint);
      if (!need.any) return provider;
      // The user's row is read only when a placeholder beyond the id asks for it.
      const user = need.userRow && deps.userFields ? await deps.userFields(userId) : { ID: userId };
      return withRequestContext(provider, { user });
    },
    credentials(endpoint, userId) {
      return credentials.resolve(endpoint, userId);
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
