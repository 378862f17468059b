/**
 * How many tokens a model's context holds (prompt and reply together): every prompt is fitted
 * into it, older turns dropped (or summarized, librechat.yaml `summarize`). Keys match a model name by inclusion, the longest
 * key first, as the balance's rates do; a model no key matches is given DEFAULT_CONTEXT_TOKENS,
 * small on purpose: an unknown model is summarized early rather than refused late.
 */
export const MODEL_CONTEXT_TOKENS: Readonly<Record<string, number>> = {
  'gpt-3.5-turbo': 16_385,
  'gpt-3.5-turbo-instruct': 4_096,
  'gpt-4': 8_192,
  'gpt-4-32k': 32_768,
  'gpt-4-turbo': 128_000,
  'gpt-4-1106': 128_000,
  'gpt-4-0125': 128_000,
  'gpt-4o': 128_000,
  'gpt-4.1': 1_047_576,
  o1: 200_000,
  o3: 200_000,
  'o4-mini': 200_000,
  claude: 200_000,
  gemini: 1_048_576,
  'gemini-pro': 32_760,
  'chat-bison': 8_192,
  llama3: 8_192,
  'llama-3': 8_192,
  'llama-3.1': 128_000,
  mistral: 32_768,
  mixtral: 32_768,
  deepseek: 64_000,
  grok: 131_072,
};
export const DEFAULT_CONTEXT_TOKENS = 8_192;

const CONTEXT_KEYS = Object.keys(MODEL_CONTEXT_TOKENS).sort((a, b) => b.length - a.length);

/** The context size of a model (its lower-cased name's longest matching key, else the default). */
export function contextTokensOf(model: string): number {
  const name = model.toLowerCase();
  const key = CONTEXT_KEYS.find((k) => name.includes(k));
  return key ? MODEL_CONTEXT_TOKENS[key]! : DEFAULT_CONTEXT_TOKENS;
}

/**
 * Fitting a prompt into the model's context. The context size is the conversation's (or its
 * preset's) `maxContextTokens`, else its endpoint's (librechat.yaml), else the model's own
 * (contextTokensOf). The reply's room is the request's maxOutputTokens, else
 * `replyReserveTokens`, at most `maxReplyShare` of the context (a huge maxOutputTokens must not
 * leave the prompt nothing).
 */
export const CONTEXT_LIMITS = {
  /** Bounds of a `maxContextTokens` (conversation, preset or endpoint). */
  minContextTokens: 256,
  maxContextTokens: 10_000_000,
  replyReserveTokens: 1_024,
  maxReplyShare: 0.5,
  /** Per message, the few tokens of its role and separators (OpenAI's chat format counts ~3). */
  perMessageTokens: 3,
  /**
   * Models without a tokenizer here are estimated: this many ASCII characters a token, and a
   * token for each other UTF-16 unit (CJK text is about one a character): on the high side.
   */
  estimateAsciiCharsPerToken: 3.5,
  /** The server keeps saved messages' token counts for at most this many characters of text. */
  tokenCacheChars: 16_000_000,
} as const;

/** The context size of a request: the conversation's setting, the endpoint's, the model's. */
export function resolveContextTokens(
  model: string,
  conversation?: number | null,
  endpoint?: number | null,
): number {
  return conversation ?? endpoint ?? contextTokensOf(model);
}

/** How many tokens the prompt may hold: the context less the reply's room. */
export function promptBudgetOf(contextTokens: number, maxOutputTokens?: number | null): number {
  const reply = Math.min(
    maxOutputTokens ?? CONTEXT_LIMITS.replyReserveTokens,
    Math.floor(contextTokens * CONTEXT_LIMITS.maxReplyShare),
  );
  return contextTokens - reply;
}

/**
 * Summarizing (librechat.yaml `summarize: true`): when a prompt would fill more than
 * `triggerRatio` of the context left after the reply's room, the turns before the last
 * `keepRecent` messages are replaced by a summary of at most `maxSummaryTokens`, written by the
 * endpoint's `summaryModel` (else the conversation's model) within `timeoutMs`.
 */
export const SUMMARY_LIMITS = {
  triggerRatio: 0.9,
  keepRecent: 4,
  maxSummaryTokens: 512,
  timeoutMs: 30_000,
} as const;
