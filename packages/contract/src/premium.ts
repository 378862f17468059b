/**
 * Premium models: a basic user — one without a valid subscription — gets
 * PREMIUM_DAILY_USES sends a UTC day on the premium models; past it the server refuses with the
 * spec's quota-exceeded text (429 premium_quota_exceeded). A valid subscription lifts the limit; a
 * send with the user's own API key is not counted. Zod-free (the client maps the code).
 */

/** PREMIUM_DAILY_USES' default (the spec gives no number; docs/decisions.md). */
export const PREMIUM_DEFAULT_DAILY_USES = 5;
/**
 * PREMIUM_MODELS' default: the two premium models of the model picker, the larger
 * of each relabelled family (GPT-4.1 Unfiltered and G3); gpt-4.1-mini and
 * deepseek-chat are the two standard ones.
 */
export const PREMIUM_DEFAULT_MODELS: readonly string[] = ['gpt-4.1', 'grok-3'];

export const PREMIUM_TEXTS = {
  /** Quota-exceeded text, exactly. */
  quotaExceeded:
    'You have reached your current usage limit for premium models. Please try again later or switch to another model.',
} as const;

/** A model's name as the premium list compares it: no vendor prefix (`openai/gpt-4.1`), lower case. */
export const premiumModelKey = (model: string): string =>
  (model.split('/').pop() ?? model).trim().toLowerCase();

/** Whether `model` is one of `premiumModels` (each compared by premiumModelKey). */
export function isPremiumModel(model: string, premiumModels: readonly string[]): boolean {
  const key = premiumModelKey(model);
  return premiumModels.some((m) => premiumModelKey(m) === key);
}

/** The UTC day a use counts on (YYYY-MM-DD): the allowance starts again at 00:00 UTC. */
export const premiumDay = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10);
