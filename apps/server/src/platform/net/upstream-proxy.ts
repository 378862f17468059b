import type { ConnectionOptions } from 'node:tls';
import { ProxyAgent, type Dispatcher } from 'undici';

/**
 * PROXY (LibreChat's name): the operator's outbound HTTP(S) proxy, through which every call to a
 * configured upstream goes (chat, titles, model lists, images). An https upstream is reached
 * through an HTTP CONNECT tunnel (TLS end to end, the proxy sees only the host and port), a plain
 * http one as an absolute-form request the proxy forwards (as curl and most clients do: many
 * proxies refuse CONNECT to other ports than 443). undici's ProxyAgent does both.
 *
 * The fetch made here is Node's own with the proxy as its dispatcher, so what it answers is the
 * fetch every caller already handles. The streaming path (sdk/wire-stream.ts) reads the body
 * through undici's `request` instead: it asks `proxyDispatcherOf` for the same proxy.
 */

/** One agent (and its connection pool) per proxy URL, for the process's life. */
const fetches = new Map<string, typeof globalThis.fetch>();
const dispatchers = new WeakMap<typeof globalThis.fetch, Dispatcher>();

/**
 * A fetch whose every connection goes through the proxy at `proxyUrl` (`http://host:port`, with
 * `user:password@` when it asks for them: sent as Proxy-Authorization). `requestTls` is for the
 * upstream's TLS inside a tunnel (a CA of its own); the system's trust store otherwise.
 */
export function proxiedFetch(
  proxyUrl: string,
  opts: { requestTls?: ConnectionOptions } = {},
): typeof globalThis.fetch {
  const cacheable = opts.requestTls === undefined;
  const known = cacheable ? fetches.get(proxyUrl) : undefined;
  if (known) return known;
  const dispatcher = new ProxyAgent({
    uri: proxyUrl,
    proxyTunnel: false,
    ...(opts.requestTls ? { requestTls: opts.requestTls } : {}),
  });
  // `dispatcher` is undici's extension of RequestInit, which Node's fetch (undici inside) honours;
  // the package's types and Node's bundled ones name the same interface apart, hence the cast.
  // Node's own fetch, not the package's: callers compare its answers with the global Response.
  const fetchFn = ((input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) =>
    globalThis.fetch(input, { ...init, dispatcher } as unknown as RequestInit)) as typeof globalThis.fetch;
  if (cacheable) fetches.set(proxyUrl, fetchFn);
  dispatchers.set(fetchFn, dispatcher);
  return fetchFn;
}

/** The proxy behind a fetch made by `proxiedFetch`, or undefined for any other fetch. */
export function proxyDispatcherOf(fetchFn: typeof globalThis.fetch | undefined): Dispatcher | undefined {
  return fetchFn ? dispatchers.get(fetchFn) : undefined;
}
