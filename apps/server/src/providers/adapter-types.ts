import type { EndpointDefinition } from '../config/app-config.js';
import type { Credentials } from './credentials.js';
import type { ChatProvider } from './types.js';

/** Options every adapter understands (timeouts from config). */
export interface AdapterOptions {
  /** The reply fails with upstream_timeout when nothing arrives for this long. */
  idleTimeoutMs?: number | undefined;
  /** Total time allowed for a non-streaming completion. */
  completeTimeoutMs?: number | undefined;
}

type AdapterFactory = (
  endpoint: EndpointDefinition,
  credentials: Credentials,
  opts: AdapterOptions,
) => ChatProvider;

/** One wire protocol: its chat adapter and, where the provider has one, its live model list. */
export interface ProviderAdapter {
  /**
   * Loads the provider's SDK before the first `chat` (awaited by the registry): an SDK is loaded
   * only when an endpoint of its type is used, not at every start-up.
   */
  load?: () => Promise<unknown>;
  chat: AdapterFactory;
  /** The upstream's models; rejects on any failure (the caller falls back to the defaults). */
  listModels?: (
    endpoint: EndpointDefinition,
    credentials: Credentials,
    signal: AbortSignal,
  ) => Promise<string[]>;
}
