import { CHAT_LIMITS, UPSTREAM_MODERATION_TEXT } from '@chat/contract';
import { scrub } from '../platform/log-errors.js';
import type { ProviderError } from './types.js';

/**
 * An upstream's HTTP error answer as a contract error code, whatever the protocol: OpenAI and
 * Azure (`{ error: { message, code } }`), Anthropic (`{ type: 'error', error: { type, message } }`)
 * and Gemini (`{ error: { code, message, status, details } }`) all carry `error.message`, and the
 * cases that need more than the status are told by their body.
 */

export function cut(text: string): string {
  return text.length > CHAT_LIMITS.errorTextMax ? `${text.slice(0, CHAT_LIMITS.errorTextMax - 1)}…` : text;
}

/** Seconds from a `retry-after` header (seconds or an HTTP date), when there is a usable one. */
export function retryAfterSeconds(headers: Record<string, string> | undefined): number | undefined {
  const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (!raw) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : (Date.parse(raw) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Gemini says when to retry in the body: google.rpc.RetryInfo's `retryDelay` ("37s", "1.5s"). */
function retryDelaySeconds(body: string): number | undefined {
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(body)?.[1];
  return delay === undefined ? undefined : Math.ceil(Number(delay));
}

/** No money or quota left (not a passing rate limit): OpenAI, Anthropic, Gemini's words for it. */
function isQuota(status: number, body: string, retryAfter: number | undefined): boolean {
  if (status === 402 || /insufficient_quota|billing_error|credit balance is too low/i.test(body)) return true;
  // Gemini answers every 429 as RESOURCE_EXHAUSTED "quota"; a passing limit says when to retry.
  return status === 429 && retryAfter === undefined && /quota/i.test(body);
}

/** Azure's content filter refusing the prompt (`code: content_filter`, ResponsibleAIPolicyViolation). */
const CONTENT_FILTER = /"code"\s*:\s*"content_filter"|ResponsibleAIPolicyViolation/;
/** Gemini's wrong key is a 400 whose reason says so. */
const BAD_KEY = /API_KEY_INVALID/;
/** A prompt longer than the model's context, in OpenAI's, Anthropic's and Gemini's words. */
const TOO_LONG =
  /context_length_exceeded|maximum context length|prompt is too long|input token count .* exceeds the maximum/i;

/** Maps an HTTP error answer: its status, its body (`detail` = the upstream's own message). */
export function fromStatus(
  status: number,
  body: string,
  detail: string | undefined,
  headers: Record<string, string> | undefined,
): ProviderError {
  // The upstream's words may quote a credential (OpenAI's 401 quotes the key it refused): the
  // user sees this message, so what looks like a secret is cut out (platform/log-errors.ts).
  const suffix = detail ? `: ${scrub(detail, [])}` : '';
  const retryAfter = retryAfterSeconds(headers) ?? retryDelaySeconds(body);
  // A moderating upstream's refusal (a 400 or a 403, not a wrong key): its own words, which the
  // chat turns into the edit-and-retry notice (and names what was flagged).
  if (detail?.trimStart().startsWith(UPSTREAM_MODERATION_TEXT)) {
    return { code: 'moderation', message: cut(scrub(detail.trim(), [])) };
  }
  if (status === 401 || status === 403 || (status === 400 && BAD_KEY.test(body))) {
    return { code: 'upstream_auth', message: cut(`The provider rejected the API key (${status})${suffix}`) };
  }
  if (isQuota(status, body, retryAfter)) {
    return { code: 'insufficient_quota', message: cut(`The provider account has no quota left${suffix}`) };
  }
  if (status === 400 && CONTENT_FILTER.test(body)) {
    return { code: 'moderation', message: cut(`The provider's content filter refused the prompt${suffix}`) };
  }
  if (status === 400 && TOO_LONG.test(body)) {
    return { code: 'upstream_error', message: cut(`The conversation is too long for the model${suffix}`) };
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
  // 529: Anthropic's "overloaded".
  if (status === 502 || status === 503 || status === 529) {
    return { code: 'upstream_unavailable', message: cut(`The provider is unavailable (${status})${suffix}`) };
  }
  return { code: 'upstream_error', message: cut(`The provider answered with an error (${status})${suffix}`) };
}

/**
 * An error event inside a stream, by its type or code (Anthropic's `event: error`, OpenAI's and
 * Azure's `data: {"error": …}`).
 */
const STREAM_ERROR_TYPES: Record<string, ProviderError['code']> = {
  service_unavailable: 'upstream_unavailable',
  rate_limit_exceeded: 'upstream_rate_limited',
  overloaded_error: 'upstream_unavailable',
  rate_limit_error: 'upstream_rate_limited',
  timeout_error: 'upstream_timeout',
  authentication_error: 'upstream_auth',
  permission_error: 'upstream_auth',
  billing_error: 'insufficient_quota',
  insufficient_quota: 'insufficient_quota',
};

export function fromStreamError(err: { message: string; type?: unknown; code?: unknown }): ProviderError {
  const named = (key: unknown) =>
    typeof key === 'string' && Object.hasOwn(STREAM_ERROR_TYPES, key) ? STREAM_ERROR_TYPES[key] : undefined;
  return { code: named(err.code) ?? named(err.type) ?? 'upstream_error', message: cut(err.message) };
}
