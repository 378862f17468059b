// The provider package's classes (what `ai` re-exports), without loading `ai` at start-up.
import { APICallError, JSONParseError, TypeValidationError } from '@ai-sdk/provider';
import { AppError } from '../platform/errors.js';
import { scrub } from '../platform/log-errors.js';
import { SsrfError } from '../platform/net/ssrf.js';
import { fromStatus, fromStreamError } from './status-errors.js';
import type { ProviderError } from './types.js';

export { retryAfterSeconds } from './status-errors.js';

/** Raised (as an abort reason) when the upstream sends nothing for too long. */
export class UpstreamTimeout extends Error {
  constructor(ms: number) {
    const seconds = ms < 1000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000));
    super(`The provider did not answer within ${seconds} s`);
    this.name = 'UpstreamTimeout';
  }
}

const NETWORK_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const NETWORK_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const NETWORK_TIMEOUT = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The upstream's own error message: every protocol's error body has `error.message`. */
function upstreamMessage(err: APICallError): string | undefined {
  const data = err.data as { error?: { message?: unknown } } | undefined;
  if (typeof data?.error?.message === 'string') return data.error.message;
  if (err.responseBody) {
    try {
      const body = JSON.parse(err.responseBody) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') return body.error.message;
    } catch {
      /* not JSON */
    }
  }
  return undefined;
}

/** The first error along `cause` links that `test` picks. */
function inCauses<T>(err: unknown, test: (e: unknown) => e is T): T | undefined {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (test(cur)) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Every message along `cause` links, for the log: what each layer said. */
function causeChain(err: unknown): string {
  const parts: string[] = [];
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const message = cur instanceof Error ? cur.message : typeof cur === 'string' ? cur : '';
    const code = (cur as { code?: unknown }).code;
    const text = `${message.trim()}${typeof code === 'string' ? ` [${code}]` : ''}`;
    if (text && !parts.includes(text)) parts.push(text);
    cur = (cur as { cause?: unknown }).cause;
  }
  return scrub(parts.join(' <- '), []);
}

/** Walks `cause` links looking for a Node / undici error code. */
export function networkCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps anything the AI SDK or the network throws to a contract error code and a readable text. */
export function mapProviderError(err: unknown): ProviderError {
  if (err instanceof UpstreamTimeout) return { code: 'upstream_timeout', message: err.message };
  // Our own, already coded: a Vertex AI token exchange refused (providers/google/vertex-token.ts).
  if (err instanceof AppError && err.code === 'upstream_auth')
    return { code: err.code, message: err.message, detail: err.cause ? causeChain(err.cause) : undefined };
  // The guard refused the address a user's URL or key led to: said plainly, the address logged.
  const refused = inCauses(err, (e): e is SsrfError => e instanceof SsrfError);
  if (refused) {
    return {
      code: 'upstream_error',
      message: 'The provider address is not allowed (a local or private network address)',
      detail: refused.reason,
    };
  }
  if (APICallError.isInstance(err)) {
    // An HTTP error answer: the upstream's own words (status-errors.ts). Anything else is the
    // network's or TLS's: the user gets a sentence of ours, the log what was said.
    if (err.statusCode !== undefined && (err.statusCode < 200 || err.statusCode >= 300)) {
      return fromStatus(err.statusCode, err.responseBody ?? '', upstreamMessage(err), err.responseHeaders);
    }
    // A 2xx status with an error: the answer began, then its body failed (reset, cut stream);
    // no status: the request never got an answer.
    return fromNetwork(networkCode(err.cause), causeChain(err));
  }
  if (JSONParseError.isInstance(err) || TypeValidationError.isInstance(err)) {
    return { code: 'upstream_error', message: 'The provider sent a malformed reply' };
  }
  // An error object sent inside the stream (OpenAI's `data: {"error": {...}}`, Anthropic's
  // `event: error`), coded by its type.
  if (isErrorObject(err)) return fromStreamError(err);
  return fromNetwork(networkCode(err), causeChain(err));
}

function isErrorObject(err: unknown): err is { message: string; type?: unknown; code?: unknown } {
  return (
    typeof err === 'object' &&
    err !== null &&
    !(err instanceof Error) &&
    typeof (err as { message?: unknown }).message === 'string'
  );
}

/**
 * A failure below HTTP (DNS, TCP, TLS, a body cut): a fixed sentence per kind for the user, with
 * no system text in it (OpenSSL's source paths, addresses, ports, error numbers); `detail`, what
 * the layers said, is for the log.
 */
function fromNetwork(code: string | undefined, detail: string): ProviderError {
  if (code && NETWORK_TIMEOUT.has(code)) {
    return { code: 'upstream_timeout', message: 'The connection to the provider timed out', detail };
  }
  if (code && NETWORK_UNAVAILABLE.has(code)) {
    return { code: 'upstream_unavailable', message: 'The provider cannot be reached', detail };
  }
  if ((code && NETWORK_LOST.has(code)) || /terminated|socket|reset/i.test(detail)) {
    return { code: 'upstream_error', message: 'The connection to the provider was lost mid-reply', detail };
  }
  return { code: 'upstream_error', message: 'The connection to the provider failed', detail };
}
