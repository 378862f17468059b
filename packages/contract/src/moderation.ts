/**
 * Bans, violations and message limits (LibreChat's
 * environment names and defaults (.env.example), and the spec's English texts, which the server
 * sends as `message` and the client shows translated for the error's code.
 */
import { AUTH_ERROR_TEXTS } from './errors.js';

/** LibreChat's .env.example defaults; the server's environment overrides each. */
export const MODERATION_DEFAULTS = {
  /** BAN_VIOLATIONS: a user whose violation score crosses a multiple of BAN_INTERVAL is banned. */
  banViolations: true,
  /** BAN_DURATION, in milliseconds (LibreChat: 1000 * 60 * 60 * 2). */
  banDurationMs: 2 * 60 * 60_000,
  /** BAN_INTERVAL: the score at which (and at each multiple of which) a ban starts. */
  banInterval: 20,
  /** LOGIN_VIOLATION_SCORE, CONCURRENT_VIOLATION_SCORE, MESSAGE_VIOLATION_SCORE, ILLEGAL_MODEL_REQ_SCORE. */
  loginViolationScore: 1,
  concurrentViolationScore: 1,
  messageViolationScore: 1,
  illegalModelReqScore: 5,
  /** LIMIT_CONCURRENT_MESSAGES, CONCURRENT_MESSAGE_MAX: replies one user may have running at once. */
  limitConcurrentMessages: true,
  concurrentMessageMax: 2,
  /** LIMIT_MESSAGE_IP, MESSAGE_IP_MAX, MESSAGE_IP_WINDOW (minutes): sends per IP and window. */
  limitMessageIp: true,
  messageIpMax: 40,
  messageIpWindowMinutes: 1,
  /** LIMIT_MESSAGE_USER, MESSAGE_USER_MAX, MESSAGE_USER_WINDOW (minutes): sends per user and window. */
  limitMessageUser: false,
  messageUserMax: 40,
  messageUserWindowMinutes: 1,
} as const;

/** LibreChat's ViolationTypes recorded here. */
export const VIOLATION_TYPES = ['login', 'concurrent', 'message_limit', 'illegal_model_request'] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];

/** Login error keys (403, 429): the auth texts' own entries. */
export const BANNED_TEXT = AUTH_ERROR_TEXTS.banned;
export const LOGIN_RATE_LIMITED_TEXT = AUTH_ERROR_TEXTS.loginRateLimited;

/** Concurrent (limit). */
export function concurrentLimitText(limit: number): string {
  return `Only ${limit} message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.`;
}

/** Message_limit (max, windowInMinutes). */
export function messageLimitText(max: number, windowInMinutes: number): string {
  const window = windowInMinutes === 1 ? 'minute' : `${windowInMinutes} minutes`;
  return `You hit the message limit. You have a cap of ${max} message(s) per ${window}.`;
}

/**
 * The numbers of a limit text the server sent (the inverse of the two functions above), so the
 * client can show its translation with the server's configured limits.
 */
export function limitTextParams(text: string): { limit?: number; max?: number; windowInMinutes?: number } {
  const concurrent = /^Only (\d+) message\(s\) at a time\./.exec(text);
  if (concurrent) return { limit: Number(concurrent[1]) };
  const rate = /cap of (\d+) message\(s\) per (?:(\d+) minutes|minute)\./.exec(text);
  if (rate) return { max: Number(rate[1]), windowInMinutes: rate[2] ? Number(rate[2]) : 1 };
  return {};
}

/**
 * How a moderating upstream's refusal begins: the server keeps such a refusal's own
 * words as the error's message, whatever its status, and the chat shows it as the notice to edit
 * the message and retry.
 */
export const UPSTREAM_MODERATION_TEXT = 'This message was blocked due to upstream moderation';

/** A user whose error message text contains "ban" is logged out. */
export function isBanText(text: string | undefined): boolean {
  // LibreChat's test, as it is: `message.includes('ban')`.
  return !!text && text.includes('ban');
}

/**
 * OPENAI_MODERATION (LibreChat's): each message sent is checked first by OpenAI's moderation API
 * (or a compatible one at OPENAI_MODERATION_REVERSE_PROXY); a flagged one is refused with
 * `moderation`, and when the check cannot be run the send is refused too, as in LibreChat.
 */
export const OPENAI_MODERATION = {
  /** LibreChat's default address: the full URL of the moderations route. */
  defaultUrl: 'https://api.openai.com/v1/moderations',
  /** A check taking longer is a check that could not be run. */
  timeoutMs: 10_000,
  flaggedText:
    'The message was flagged by the moderation system and was not sent. Edit it, or start a new conversation.',
  failedText:
    'The message could not be checked by the moderation system, so it was not sent. Please try again.',
} as const;
