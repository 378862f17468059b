// The provider package's classes (what `ai` re-exports), without loading `ai` at start-up.
import { APICallError, JSONParseError, TypeValidationError } from '@ai-sdk/provider';
import { AppError } from '../platform/errors.js';
import { cut, fromStatus, fromStreamError } from './status-errors.js';
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

/** Walks `cause` links looking for a Node / undici error code. */
function networkCode(err: unknown): string | undefined {
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
    return { code: err.code, message: err.message };
  if (APICallError.isInstance(err)) {
    const detail = upstreamMessage(err);
    // A 2xx status with an error: the answer began, then its body failed (reset, cut stream).
    if (err.statusCode !== undefined && err.statusCode >= 200 && err.statusCode < 300) {
      const cause = err.cause instanceof Error ? err.cause.message : err.message;
      return fromNetwork(networkCode(err.cause), cause);
    }
    if (err.statusCode !== undefined) {
      return fromStatus(err.statusCode, err.responseBody ?? '', detail, err.responseHeaders);
    }
    // No status: the request never got an answer.
    return fromNetwork(networkCode(err.cause), err.message);
  }
  if (JSONParseError.isInstance(err) || TypeValidationError.isInstance(err)) {
    return { code: 'upstream_error', message: 'The provider sent a malformed reply' };
  }
  // An error object sent inside the stream (OpenAI's `data: {"error": {...}}`, Anthropic's
  // `event: error`), coded by its type.
  if (isErrorObject(err)) return fromStreamError(err);
  const message = err instanceof Error ? err.message : String(err);
  return fromNetwork(networkCode(err), message);
}

function isErrorObject(err: unknown): err is { message: string; type?: unknown; code?: unknown } {
  return (
    typeof err === 'object' &&
    err !== null &&
    !(err instanceof Error) &&
    typeof (err as { message?: unknown }).message === 'string'
  );
}

function fromNetwork(code: string | undefined, message: string): ProviderError {
  if (code && NETWORK_TIMEOUT.has(code)) {
    return { code: 'upstream_timeout', message: 'The connection to the provider timed out' };
  }
  if (code && NETWORK_UNAVAILABLE.has(code)) {
    return { code: 'upstream_unavailable', message: `The provider cannot be reached (${code})` };
  }
  if ((code && NETWORK_LOST.has(code)) || /terminated|socket|reset/i.test(message)) {
    return { code: 'upstream_error', message: 'The connection to the provider was lost mid-reply' };
  }
  return { code: 'upstream_error', message: cut(`The provider request failed: ${message}`) };
}
