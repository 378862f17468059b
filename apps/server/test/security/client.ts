import type { RequestSpec } from '../../src/platform/security-rules.js';
import { fillPath } from './route-table.js';

export type { RequestSpec };

export interface Answer {
  status: number;
  contentType: string;
  /** The Cache-Control header ('' without one). */
  cacheControl: string;
  /** The body as text (empty for an event stream, which is not read). */
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
}

/**
 * Sends `spec` to `METHOD pattern` over real HTTP. An event stream is dropped unread, or read to
 * its end with `readStream` (a reply that must finish before the next request).
 */
export async function send(
  baseUrl: string,
  method: string,
  pattern: string,
  spec: RequestSpec = {},
  token?: string,
  opts: { readStream?: boolean } = {},
): Promise<Answer> {
  const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
  // A FormData body (an upload) goes as multipart, its boundary set by fetch.
  const form = spec.body instanceof FormData ? spec.body : undefined;
  const hasBody = spec.body !== undefined && !form;
  const res = await fetch(`${baseUrl}${fillPath(pattern, spec.params ?? {})}${query}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...spec.headers,
    },
    ...(hasBody ? { body: JSON.stringify(spec.body) } : {}),
    ...(spec.raw !== undefined ? { body: spec.raw } : {}),
    ...(form ? { body: form } : {}),
  });
  const contentType = res.headers.get('content-type') ?? '';
  const cacheControl = res.headers.get('cache-control') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    if (opts.readStream) await res.text();
    else await res.body?.cancel();
    return { status: res.status, contentType, cacheControl, text: '', json: undefined };
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType, cacheControl, text, json };
}
