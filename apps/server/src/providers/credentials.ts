import type { AzureTarget, EndpointDefinition, GoogleServiceAccount } from '../config/app-config.js';
import { AppError } from '../platform/errors.js';

/** What an adapter is built from: whose key, and which server it talks to. */
export interface Credentials {
  apiKey: string;
  baseURL: string | undefined;
  /** Azure's instance, deployment and API version (the endpoint's, or the user's own). */
  azure?: AzureTarget | undefined;
  /** Vertex AI's service account (the endpoint's, or the user's own). */
  googleServiceAccount?: GoogleServiceAccount | undefined;
}

/** A user's saved key for one endpoint, decrypted: the per-endpoint shape of spec §3. */
export interface UserKey {
  apiKey: string;
  baseURL?: string | undefined;
  azure?: AzureTarget | undefined;
  googleServiceAccount?: GoogleServiceAccount | undefined;
}

/**
 * A user's own key for an endpoint (spec §3 "User-provided key"). The store (encrypted, with
 * expiry) is a later issue; it answers only keys that exist and have not expired.
 */
export interface UserKeyStore {
  get(userId: string, endpointName: string): Promise<UserKey | undefined>;
}

/** Until user keys can be saved, nobody has one. */
export const NO_USER_KEYS: UserKeyStore = { get: () => Promise.resolve(undefined) };

export interface CredentialsResolver {
  /**
   * The credentials one request of `userId` to `endpoint` uses: the server's key from config, or,
   * for an endpoint marked userProvide, the user's saved key (and base URL when the user may set
   * one); AppError('no_user_key') when the user has none.
   */
  resolve(endpoint: EndpointDefinition, userId: string): Promise<Credentials>;
}

export function createCredentialsResolver(userKeys: UserKeyStore = NO_USER_KEYS): CredentialsResolver {
  return {
    async resolve(endpoint, userId) {
      if (!endpoint.userProvide && !endpoint.userProvideURL) {
        return {
          apiKey: endpoint.apiKey,
          baseURL: endpoint.baseURL,
          azure: endpoint.azure,
          googleServiceAccount: endpoint.googleServiceAccount,
        };
      }
      const key = await userKeys.get(userId, endpoint.name);
      // A custom endpoint may leave only its base URL to the user (LibreChat's `baseURL:
      // user_provided` with a server key): the server's key then goes to the user's URL.
      const apiKey = endpoint.userProvide ? key?.apiKey : endpoint.apiKey;
      if (!key || (!apiKey && !key.googleServiceAccount)) {
        throw new AppError('no_user_key', `No API key set for the ${endpoint.name} endpoint`);
      }
      // A user-provided base URL only where the config leaves it to the user (no URL configured).
      const baseURL = endpoint.baseURL ?? key.baseURL;
      if (endpoint.userProvideURL && !baseURL) {
        throw new AppError('no_user_key', `No base URL set for the ${endpoint.name} endpoint`);
      }
      return {
        apiKey: apiKey ?? '',
        baseURL,
        azure: key.azure ?? endpoint.azure,
        googleServiceAccount: endpoint.userProvide ? key.googleServiceAccount : endpoint.googleServiceAccount,
      };
    },
  };
}
