import { APICallError, JSONParseError, TypeValidationError } from 'ai';
import { CHAT_LIMITS } from '@chat/contract';
import type { ProviderError } from './types.js';

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

function cut(text: string): string {
  return text.length > CHAT_LIMITS.errorTextMax ? `${text.slice(0, CHAT_LIMITS.errorTextMax - 1)}…` : text;
}

/** The upstream's own error message, from an OpenAI-style `{ error: { message } }` body. */
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

/** Seconds from a `retry-after` header (seconds or an HTTP date), when there is a usable one. */
export function retryAfterSeconds(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (!raw) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : (Date.parse(raw) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

function fromStatus(
  status: number,
  detail: string | undefined,
  quota: boolean,
  retryAfter?: number,
): ProviderError {
  const suffix = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403) {
    return { code: 'upstream_auth', message: cut(`The provider rejected the API key (${status})${suffix}`) };
  }
  if (status === 429 && quota) {
    return { code: 'insufficient_quota', message: cut(`The provider account has no quota left${suffix}`) };
  }
  if (status === 429) {
    // No automatic retry (maxRetries: 0): the user sees when to try again instead of a spinner.
    const when = retryAfter === undefined ? '' : `; retry after ${retryAfter} s`;
    return {
      code: 'upstream_rate_limited',
      message: cut(`The provider is rate limiting requests (429)${when}${suffix}`),
    };
  }
  if (status === 408 || status === 504) {
    return { code: 'upstream_timeout', message: cut(`The provider timed out (${status})${suffix}`) };
  }
  if (status === 502 || status === 503) {
    return { code: 'upstream_unavailable', message: cut(`The provider is unavailable (${status})${suffix}`) };
  }
  return { code: 'upstream_error', message: cut(`The provider answered with an error (${status})${suffix}`) };
}

/** Maps anything the AI SDK or the network throws to a contract error code and a readable text. */
export function mapProviderError(err: unknown): ProviderError {
  if (err instanceof UpstreamTimeout) return { code: 'upstream_timeout', message: err.message };
  if (APICallError.isInstance(err)) {
    const detail = upstreamMessage(err);
    // A 2xx status with an error: the answer began, then its body failed (reset, cut stream).
    if (err.statusCode !== undefined && err.statusCode >= 200 && err.statusCode < 300) {
      const cause = err.cause instanceof Error ? err.cause.message : err.message;
      return fromNetwork(networkCode(err.cause), cause);
    }
    if (err.statusCode !== undefined) {
      const quota = /insufficient_quota|quota/i.test(err.responseBody ?? '');
      return fromStatus(err.statusCode, detail, quota, retryAfterSeconds(err.responseHeaders));
    }
    // No status: the request never got an answer.
    return fromNetwork(networkCode(err.cause), err.message);
  }
  if (JSONParseError.isInstance(err) || TypeValidationError.isInstance(err)) {
    return { code: 'upstream_error', message: 'The provider sent a malformed reply' };
  }
  // An OpenAI-style error object sent inside the stream (`data: {"error": {...}}`).
  if (isErrorObject(err)) return { code: 'upstream_error', message: cut(err.message) };
  const message = err instanceof Error ? err.message : String(err);
  return fromNetwork(networkCode(err), message);
}

function isErrorObject(err: unknown): err is { message: string } {
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
