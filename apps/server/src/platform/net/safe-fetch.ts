import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, fetch, type RequestInit } from 'undici';
import { assertAddressAllowed, checkUrl, hostAllowed, SsrfError, type SsrfPolicy } from './ssrf.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions extends SsrfPolicy {
  /** Redirects followed, each hop checked like the first (default 5). */
  maxRedirects?: number;
  /** Whole request, body included (default 30 s). */
  timeoutMs?: number;
  /** Larger bodies fail while read (default 10 MiB). */
  maxResponseBytes?: number;
  /** DNS resolution (default: every address of dns.lookup); tests inject their own. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export type SafeFetchInit = Omit<RequestInit, 'redirect' | 'dispatcher' | 'body'> & {
  body?: string | Uint8Array | null;
};

const DEFAULTS = { maxRedirects: 5, timeoutMs: 30_000, maxResponseBytes: 10 * 1024 * 1024 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const systemResolve = (hostname: string): Promise<ResolvedAddress[]> =>
  lookup(hostname, { all: true, verbatim: true });

/** A connect-time lookup that answers the address we checked, whatever DNS says now. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

/** Resolves the URL's host and checks EVERY address; returns the one to connect to. */
async function target(input: URL, opts: SafeFetchOptions): Promise<{ url: URL; pinned?: ResolvedAddress }> {
  const checked = checkUrl(input, opts);
  if (checked.literal) return { url: checked.url };
  const addresses = await (opts.resolve ?? systemResolve)(checked.host);
  if (addresses.length === 0) throw new SsrfError(`${checked.host} does not resolve`);
  if (!hostAllowed(checked.host, opts)) {
    for (const a of addresses) assertAddressAllowed(a.address, opts);
  }
  return { url: checked.url, pinned: addresses[0]! };
}

/**
 * The body, erroring once more than `max` (decoded) bytes went through; `done` runs when it ends,
 * fails or is cancelled (it releases the connection).
 */
function limitBody(
  body: ReadableStream<Uint8Array>,
  max: number,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          controller.close();
          done();
          return;
        }
        seen += value.byteLength;
        if (seen > max) throw new SsrfError(`a response larger than ${max} bytes`);
        controller.enqueue(value);
      } catch (err) {
        controller.error(err);
        void reader.cancel().catch(() => {});
        done();
      }
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => {});
      done();
    },
  });
}

/**
 * fetch for URLs a user (or a plugin) chose: only http/https, every hop (max 5 redirects) checked
 * against the SSRF policy after DNS resolution, the connection pinned to the checked address (no
 * DNS rebinding between check and connect), credentials dropped on cross-origin redirects, a
 * deadline over the whole exchange and a cap on the response size. Throws SsrfError when refused.
 */
export async function safeFetch(
  input: string | URL,
  init: SafeFetchInit = {},
  options: SafeFetchOptions = {},
): Promise<Response> {
  const opts = { ...DEFAULTS, ...options };
  const signal = init.signal
    ? AbortSignal.any([init.signal as AbortSignal, AbortSignal.timeout(opts.timeoutMs)])
    : AbortSignal.timeout(opts.timeoutMs);
  let url = checkUrl(input, opts).url;
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? null;
  const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);

  for (let hop = 0; ; hop++) {
    const { pinned } = await target(url, opts);
    const agent = new Agent({
      connections: 1,
      ...(pinned ? { connect: { lookup: pinnedLookup(pinned) } } : {}),
    });
    const close = () => void agent.close().catch(() => {});
    let res;
    try {
      res = await fetch(url, {
        ...init,
        method,
        headers: [...headers],
        body,
        signal,
        redirect: 'manual',
        dispatcher: agent,
      });
    } catch (err) {
      close();
      throw err;
    }

    const location = res.headers.get('location');
    if (REDIRECTS.has(res.status) && location) {
      await res.body?.cancel();
      close();
      if (hop >= opts.maxRedirects) throw new SsrfError(`more than ${opts.maxRedirects} redirects`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = null;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
      continue;
    }

    const declared = Number(res.headers.get('content-length'));
    if (declared > opts.maxResponseBytes) {
      await res.body?.cancel();
      close();
      throw new SsrfError(`a response larger than ${opts.maxResponseBytes} bytes`);
    }
    const stream =
      res.body && !NULL_BODY.has(res.status)
        ? limitBody(res.body as ReadableStream<Uint8Array>, opts.maxResponseBytes, close)
        : null;
    if (!stream) close();
    return new Response(stream, {
      status: res.status,
      statusText: res.statusText,
      headers: [...res.headers],
    });
  }
}
