// Token prices, image tokens and the balance's limits, zod-free; the route rows and their schemas
// are in balance-schemas.ts.

/**
 * What one token costs, in balance credits, per model (LibreChat's multipliers: USD per 1M
 * tokens, so 1,000,000 credits are one dollar). Keys match a model name by inclusion, the longest
 * key first ("gpt-4o-mini" before "gpt-4o" before "gpt-4"); a model no key matches pays DEFAULT.
 */
export interface TokenRate {
  prompt: number;
  completion: number;
}

export const DEFAULT_TOKEN_RATE: TokenRate = { prompt: 6, completion: 6 };

export const TOKEN_RATES: Readonly<Record<string, TokenRate>> = {
  'gpt-3.5-turbo': { prompt: 0.5, completion: 1.5 },
  'gpt-3.5-turbo-1106': { prompt: 1, completion: 2 },
  'gpt-4': { prompt: 30, completion: 60 },
  'gpt-4-32k': { prompt: 60, completion: 120 },
  'gpt-4-1106': { prompt: 10, completion: 30 },
  'gpt-4-turbo': { prompt: 10, completion: 30 },
  'gpt-4o': { prompt: 2.5, completion: 10 },
  'gpt-4o-mini': { prompt: 0.15, completion: 0.6 },
  'gpt-4.1': { prompt: 2, completion: 8 },
  'gpt-4.1-mini': { prompt: 0.4, completion: 1.6 },
  'gpt-4.1-nano': { prompt: 0.1, completion: 0.4 },
  o1: { prompt: 15, completion: 60 },
  'o1-mini': { prompt: 1.1, completion: 4.4 },
  'o3-mini': { prompt: 1.1, completion: 4.4 },
  'claude-instant': { prompt: 0.8, completion: 2.4 },
  'claude-1': { prompt: 8, completion: 24 },
  'claude-2': { prompt: 8, completion: 24 },
  'claude-3-haiku': { prompt: 0.25, completion: 1.25 },
  'claude-3-sonnet': { prompt: 3, completion: 15 },
  'claude-3-opus': { prompt: 15, completion: 75 },
  'claude-3-5-haiku': { prompt: 0.8, completion: 4 },
  'claude-3-5-sonnet': { prompt: 3, completion: 15 },
  'claude-3-7-sonnet': { prompt: 3, completion: 15 },
  'chat-bison': { prompt: 0.5, completion: 1.5 },
  'gemini-pro': { prompt: 0.5, completion: 1.5 },
  'gemini-1.5-pro': { prompt: 2.5, completion: 10 },
  'gemini-1.5-flash': { prompt: 0.15, completion: 0.6 },
  'gemini-2.0-flash': { prompt: 0.1, completion: 0.4 },
};

const RATE_KEYS = Object.keys(TOKEN_RATES).sort((a, b) => b.length - a.length);

/** The rate of a model: the longest key its (lower-cased) name contains, else the default. */
export function tokenRateOf(model: string): TokenRate {
  const name = model.toLowerCase();
  const key = RATE_KEYS.find((k) => name.includes(k));
  return key ? TOKEN_RATES[key]! : DEFAULT_TOKEN_RATE;
}

/** Credits for a number of prompt and completion tokens of a model (whole credits, rounded up). */
export function tokenCost(model: string, promptTokens: number, completionTokens: number): number {
  const rate = tokenRateOf(model);
  return Math.ceil(promptTokens * rate.prompt + completionTokens * rate.completion);
}

/**
 * Tokens an image counts as in a prompt: low detail 85; high detail
 * 170 per 512-px tile plus 85 more (one tile when the size is not known).
 */
export const IMAGE_TOKENS = { low: 85, high: 170, additional: 85 } as const;
export function imageTokens(detail: 'low' | 'high' | 'auto' | undefined, tiles = 1): number {
  return detail === 'low'
    ? IMAGE_TOKENS.low
    : IMAGE_TOKENS.high * Math.max(1, tiles) + IMAGE_TOKENS.additional;
}

/** LibreChat's START_BALANCE when unset. */
export const DEFAULT_START_BALANCE = 20_000;
/** The longest BALANCE_HELP_TEXT (a few sentences: it sits under an error in the chat). */
export const BALANCE_HELP_TEXT_MAX = 1_000;
/** The most one operator adjustment may move (keeps balances far inside a bigint and a JS number). */
export const MAX_TOKEN_ADJUSTMENT = 1_000_000_000;

/** The longest text the tokenizer counts (the body limit is 1 MB). */
export const TOKENIZER_MAX_CHARS = 500_000;
