import {
  CHAT_LIMITS,
  ERROR_TEXT_KEYS,
  limitTextParams,
  UPSTREAM_MODERATION_TEXT,
  type ErrorCode,
} from '@chat/contract';
import { CLIENT_ERROR } from '../stream/error-details';
import type { StreamError } from '../stream/machine';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const OOPS = 'Oops, something went wrong. Please try again later.';
const QUOTA = 'You have reached your current usage limit for premium models.';
/**
 * A moderation category that names sexual content involving minors (OpenAI's `sexual/minors`, as
 * a moderating upstream lists the categories it flagged): the notice then says what was flagged
 * and that a repeat offence is banned, not only "edit and retry".
 */
const MINORS_CATEGORY = /sexual[/_ -]minors/i;

/** Where the upstream-moderation notice sends the person: the FAQ, which says what is refused. */
const MODERATION_HELP_PATH = '/faq';

function upstreamModerationText(t: Translate, text: string): string {
  return MINORS_CATEGORY.test(text)
    ? t('com_chat_error_violation_minors')
    : t('com_chat_error_upstream_moderation');
}

/** True for a text an upstream's moderation wrote (its own words, as they begin). */
function isUpstreamModeration(text: string | undefined): boolean {
  return !!text && text.trimStart().startsWith(UPSTREAM_MODERATION_TEXT);
}

/** Legacy `type` values of a JSON error text → i18n key. */
const TYPE_KEYS: Record<string, string> = {
  ban: 'com_auth_error_login_ban',
  account_deleted: 'com_auth_error_account_deleted',
  invalid_api_key: 'com_error_invalid_api_key',
  insufficient_quota: 'com_error_insufficient_quota',
  moderation: 'com_error_moderation',
  concurrent: 'com_chat_error_concurrent',
  message_limit: 'com_chat_error_message_limit',
};

function isKnownCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_TEXT_KEYS, code);
}

function parseJson(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** True for an error message's text saved as JSON (`{"code": …}` or `{"type": …}`): not reply text. */
export function isErrorJsonText(text: string): boolean {
  const json = parseJson(text);
  return !!json && (typeof json.code === 'string' || typeof json.type === 'string');
}

/** "Something went wrong…: {text}", the text cut to CHAT_LIMITS.errorTextMax unless it is JSON. */
function genericErrorText(t: Translate, text: string): string {
  const shown =
    parseJson(text) || text.length <= CHAT_LIMITS.errorTextMax
      ? text
      : text.slice(0, CHAT_LIMITS.errorTextMax);
  return t('com_chat_error_generic', { 0: shown });
}

/** Token_balance: "Insufficient Funds!" with the balance, prompt tokens and cost. */
function tokenBalanceText(t: Translate, obj: Record<string, unknown> | null): string {
  const text = t('com_error_token_balance', {
    balance: obj?.balance ?? 0,
    promptTokens: obj?.promptTokens ?? 0,
    tokenCost: obj?.tokenCost ?? 0,
  });
  return obj?.generations
    ? `${text}\n\n${t('com_error_token_balance_generations', { generations: JSON.stringify(obj.generations) })}`
    : text;
}

/** Concurrent (limit) and message_limit (max, windowInMinutes), the numbers the server gave. */
function concurrentText(t: Translate, limit: unknown): string {
  return t('com_chat_error_concurrent', { count: Number(limit ?? 1) || 1 });
}
function messageLimitText(t: Translate, max: unknown, windowInMinutes: unknown): string {
  const n = Number(windowInMinutes ?? 1) || 1;
  return t('com_chat_error_message_limit', {
    count: Number(max ?? 1) || 1,
    window: n === 1 ? t('com_chat_minute') : t('com_chat_minutes', { count: n }),
  });
}

function fromCode(t: Translate, code: string, message: string): string | null {
  if (code === CLIENT_ERROR.network) return t('com_error_connecting');
  if (isUpstreamModeration(message)) return upstreamModerationText(t, message);
  // The server's message is the English text with its configured numbers (contract/moderation.ts).
  if (code === 'concurrent') return concurrentText(t, limitTextParams(message).limit);
  if (code === 'message_limit') {
    const { max, windowInMinutes } = limitTextParams(message);
    return messageLimitText(t, max, windowInMinutes);
  }
  // Its message is LibreChat's JSON error text with the numbers.
  if (code === 'token_balance') return tokenBalanceText(t, parseJson(message));
  if (code === CLIENT_ERROR.cancel) return t('com_error_cancelling');
  if (!isKnownCode(code)) return null;
  // upstream_error's text embeds the provider's own message.
  if (code === 'upstream_error' || code === 'internal') return genericErrorText(t, message);
  return t(ERROR_TEXT_KEYS[code]);
}

function fromJson(t: Translate, obj: Record<string, unknown>, raw: string): string {
  const message = typeof obj.message === 'string' ? obj.message : raw;
  if (typeof obj.code === 'string') {
    const text = fromCode(t, obj.code, message);
    if (text) return text;
  }
  const type = typeof obj.type === 'string' ? obj.type : undefined;
  if (type === 'concurrent') return concurrentText(t, obj.limit);
  if (type === 'message_limit') return messageLimitText(t, obj.max, obj.windowInMinutes);
  if (type === 'token_balance') return tokenBalanceText(t, obj);
  if (type && TYPE_KEYS[type]) return t(TYPE_KEYS[type]);
  return genericErrorText(t, raw);
}

/** A refusal for want of credits (token_balance), live (its code) or saved (its JSON text). */
export function isTokenBalanceError(text: string, detail?: StreamError): boolean {
  if (detail) return detail.code === 'token_balance';
  const json = parseJson(text);
  return json?.code === 'token_balance' || json?.type === 'token_balance';
}

/**
 * The user-facing text of an error reply: a known code through
 * ERROR_TEXT_KEYS, known provider texts as they are, anything else behind the generic prefix.
 */
export function errorTextFor(t: Translate, text: string, detail?: StreamError): string {
  if (detail) {
    const byCode = fromCode(t, detail.code, detail.message);
    if (byCode) return byCode;
  }
  const json = parseJson(text);
  if (json) return fromJson(t, json, text);
  if (text.includes(OOPS) || text.startsWith(QUOTA)) return text;
  if (isUpstreamModeration(text)) return upstreamModerationText(t, text);
  if (text === 'Error connecting to server') return t('com_error_connecting');
  if (text === 'Error cancelling request') return t('com_error_cancelling');
  return genericErrorText(t, detail?.message || text);
}

/**
 * The link an error reply carries besides its text: the upstream-moderation notice (and the
 * violation notice it may become) links to what the product refuses; other errors have none.
 */
export function errorLinkFor(text: string, detail?: StreamError): { href: string; labelKey: string } | null {
  const json = parseJson(text);
  const moderated =
    isUpstreamModeration(detail?.message) ||
    isUpstreamModeration(text) ||
    (typeof json?.message === 'string' && isUpstreamModeration(json.message));
  return moderated
    ? { href: MODERATION_HELP_PATH, labelKey: 'com_chat_error_upstream_moderation_link' }
    : null;
}
