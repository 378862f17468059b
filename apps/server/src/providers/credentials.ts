import type { AzureTarget, EndpointDefinition, GoogleServiceAccount } from '../config/app-config.js';
import { AppError } from '../platform/errors.js';
import { safeFetch } from '../platform/net/safe-fetch.js';
import type { SsrfPolicy } from '../platform/net/ssrf.js';

/** What an adapter is built from: whose key, and which server it talks to. */
export interface Credentials {
  apiKey: string;
  baseURL: string | undefined;
  /** Azure's instance, deployment and API version (the endpoint's, or the user's own). */
  azure?: AzureTarget | undefined;
  /** Vertex AI's service account (the endpoint's, or the user's own). */
  googleServiceAccount?: GoogleServiceAccount | undefined;
  /**
   * The fetch an adapter must use: set when the base URL is the user's own, so every connection
   * (redirects included) is checked against the SSRF policy after DNS resolution; else, with
   * PROXY set, the fetch that goes through the operator's proxy.
   */
  fetch?: typeof globalThis.fetch | undefined;
}

/** A user's saved key for one endpoint, decrypted in its endpoint's shape. */
export interface UserKey {
  apiKey: string;
  baseURL?: string | undefined;
  azure?: AzureTarget | undefined;
  googleServiceAccount?: GoogleServiceAccount | undefined;
}

/**
 * A user's own key for an endpoint: features/keys keeps them sealed
 * and answers only keys that exist and have not expired.
 */
export interface UserKeyStore {
  get(userId: string, endpointName: string): Promise<UserKey | undefined>;
}

/** No user has a key (a resolver built without the keys feature: tests of server keys). */
const NO_USER_KEYS: UserKeyStore = { get: () => Promise.resolve(undefined) };

export interface CredentialsResolver {
  /**
   * The credentials one request of `userId` to `endpoint` uses: the server's key from config, or,
   * for an endpoint marked userProvide, the user's saved key (and base URL when the user may set
   * one); AppError('no_user_key') when the user has none.
   */
  resolve(endpoint: EndpointDefinition, userId: string): Promise<Credentials>;
}

/** A reply may stream for a long time and be long; the SSRF checks are what this fetch adds. */
const USER_URL_LIMITS = { timeoutMs: 30 * 60_000, maxResponseBytes: 256 * 1024 * 1024 };

/** fetch for a user-provided base URL: safeFetch with the operator's policy. */
export function userURLFetch(policy: SsrfPolicy = {}): typeof globalThis.fetch {
  return ((input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input;
    const body = init?.body;
    return safeFetch(
      url,
      {
        ...(init?.method ? { method: init.method } : {}),
        ...(init?.headers ? { headers: init.headers as Record<string, string> } : {}),
        ...(init?.signal ? { signal: init.signal } : {}),
        body: typeof body === 'string' || body instanceof Uint8Array ? body : null,
      },
      { ...policy, ...USER_URL_LIMITS },
    );
  }) as typeof globalThis.fetch;
}

/**
 * `upstreamFetch` (PROXY's fetch, upstream-proxy.ts) carries every call to an upstream the
 * operator configured. A user's own base URL, Azure instance or token endpoint keeps the SSRF
 * guard's direct connection instead: the guard must see the address it connects to, which a
 * proxy would resolve on its own, unchecked.
 */
export function createCredentialsResolver(
  userKeys: UserKeyStore = NO_USER_KEYS,
  userURLPolicy: SsrfPolicy = {},
  upstreamFetch?: typeof globalThis.fetch,
): CredentialsResolver {
  const guardedFetch = userURLFetch(userURLPolicy);
  const viaProxy = upstreamFetch ? { fetch: upstreamFetch } : {};
  return {
    async resolve(endpoint, userId) {
      if (!endpoint.userProvide && !endpoint.userProvideURL) {
        return {
          apiKey: endpoint.apiKey,
          baseURL: endpoint.baseURL,
          azure: endpoint.azure,
          googleServiceAccount: endpoint.googleServiceAccount,
          ...viaProxy,
        };
      }
      const key = await userKeys.get(userId, endpoint.name);
      // The server's key never goes to a URL a user chose: an endpoint whose base URL is the
      // user's takes the user's key too (config/yaml-config.ts makes it userProvide).
      const apiKey = endpoint.userProvide ? key?.apiKey : undefined;
      if (!key || (!apiKey && !key.googleServiceAccount)) {
        throw new AppError('no_user_key', `No API key set for the ${endpoint.name} endpoint`);
      }
      // A user-provided base URL only where the config leaves it to the user (no URL configured).
      const usersURL = endpoint.userProvideURL || !endpoint.baseURL ? key.baseURL : undefined;
      if (endpoint.userProvideURL && !usersURL) {
        throw new AppError('no_user_key', `No base URL set for the ${endpoint.name} endpoint`);
      }
      // A user's service key names its own token endpoint: that connection is guarded too.
      const usersTokenURI = endpoint.userProvide && key.googleServiceAccount?.token_uri !== undefined;
      // A user's Azure instance, deployment and version make the URL (host included): guarded too.
      const usersAzure = endpoint.userProvide && key.azure !== undefined;
      return {
        apiKey: apiKey ?? '',
        baseURL: usersURL ?? endpoint.baseURL,
        ...(usersURL || usersTokenURI || usersAzure ? { fetch: guardedFetch } : viaProxy),
        azure: key.azure ?? endpoint.azure,
        googleServiceAccount: endpoint.userProvide ? key.googleServiceAccount : endpoint.googleServiceAccount,
      };
    },
  };
}
