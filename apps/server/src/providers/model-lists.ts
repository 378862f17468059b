import { KNOWN_MODELS } from '@chat/contract';
import { adapterTypeOf, type EndpointDefinition, type EndpointType } from '../config/app-config.js';
import type { ProviderAdapter } from './adapter-types.js';
import { ADAPTERS } from './adapters.js';
import type { Credentials } from './credentials.js';

/** How long start-up waits for an upstream's model list before offering the default one. */
const MODEL_LIST_TIMEOUT_MS = 3000;

/** An upstream whose list could not be had: its endpoint now offers the default list. */
export interface ModelListFailure {
  endpoint: string;
  error: unknown;
}

type ListModels = NonNullable<ProviderAdapter['listModels']>;

/** The default list of an endpoint: its own (a custom endpoint's models.default), else the known one. */
function fallbackOf(endpoint: EndpointDefinition): string[] {
  if (endpoint.models.length > 0) return endpoint.models;
  const known: Partial<Record<EndpointType, readonly string[]>> = KNOWN_MODELS;
  return [...(known[endpoint.type] ?? [])];
}

/** Rejects after `ms` even if the adapter ignores its signal: start-up never waits longer. */
function withTimeout(run: (signal: AbortSignal) => Promise<string[]>, ms: number): Promise<string[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`no model list within ${ms} ms`);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  return Promise.race([run(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Settles every endpoint's model list once, at start-up, in parallel. An endpoint with a server
 * key that asks for its live list (no `*_MODELS`, or a custom endpoint's `models.fetch: true`) gets
 * what its adapter's `listModels` answers within `timeoutMs`; endpoints with the same upstream and
 * credentials share one request. Without a server key (users bring their own), without a
 * `listModels`, or when the upstream fails, the endpoint offers its default list: its own
 * `models.default`, else the contract's known list for its type. `*_MODELS` lists stay as they
 * are. The lists are kept on the endpoint definitions for the process's life; the failures are
 * answered for the caller to log.
 */
export async function resolveModelLists(
  endpoints: EndpointDefinition[],
  opts: {
    timeoutMs?: number;
    adapters?: Partial<Record<EndpointType, Pick<ProviderAdapter, 'listModels'> | undefined>>;
    /** The fetch the lists are asked with: PROXY's (upstream-proxy.ts) when set. */
    fetch?: typeof globalThis.fetch | undefined;
  } = {},
): Promise<ModelListFailure[]> {
  const adapters = opts.adapters ?? ADAPTERS;
  const timeoutMs = opts.timeoutMs ?? MODEL_LIST_TIMEOUT_MS;
  const requests = new Map<string, Promise<string[]>>();
  const failures: ModelListFailure[] = [];

  const live = (endpoint: EndpointDefinition, listModels: ListModels): Promise<string[]> => {
    const credentials: Credentials = {
      apiKey: endpoint.apiKey,
      baseURL: endpoint.baseURL,
      azure: endpoint.azure,
      googleServiceAccount: endpoint.googleServiceAccount,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    };
    const key = JSON.stringify([adapterTypeOf(endpoint), credentials, endpoint.headers ?? {}]);
    let request = requests.get(key);
    if (!request) {
      request = withTimeout((signal) => listModels(endpoint, credentials, signal), timeoutMs);
      requests.set(key, request);
    }
    return request;
  };

  await Promise.all(
    endpoints.map(async (endpoint) => {
      const wanted = endpoint.fetchModels === true || endpoint.models.length === 0;
      if (!wanted) return;
      const listModels = adapters[adapterTypeOf(endpoint)]?.listModels;
      const serverKeyed = !endpoint.userProvide && !endpoint.userProvideURL;
      if (!listModels || !serverKeyed) {
        endpoint.models = fallbackOf(endpoint);
        return;
      }
      try {
        endpoint.models = [...(await live(endpoint, listModels))];
      } catch (error) {
        endpoint.models = fallbackOf(endpoint);
        failures.push({ endpoint: endpoint.name, error });
      }
    }),
  );
  return failures;
}
