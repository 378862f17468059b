/**
 * Public types of the fake OpenAI-compatible server.
 * Kept in their own module so every other file can import them without cycles.
 */

/** How the fake answers one request. Every field is optional; unset fields fall back to defaults. */
export interface FakeScript {
  /** Exact reply text; default: deterministic Markdown derived from the prompt. */
  reply?: string;
  /** 0 or undefined = as fast as possible (still one chunk per token). */
  tokensPerSecond?: number;
  /** Stream N tokens, then reset the connection mid-stream. */
  failAfterTokens?: number;
  /** Accept the request and never answer (until the client aborts). */
  hang?: boolean;
  /** Send N tokens, then stall forever. */
  hangAfterTokens?: number;
  /**
   * Stream N tokens, then end the response cleanly without the protocol's end (no finish reason,
   * no `[DONE]`, `message_stop` or `finishReason`), as a proxy that closes early would.
   */
  endAfterTokens?: number;
  /** Send N tokens, then one chunk that is not valid JSON, then the rest of the reply. */
  malformedAfterTokens?: number;
  /**
   * Answer this HTTP status with the protocol's own JSON error body (429 adds `retry-after: 1`,
   * or Gemini's RetryInfo). With `errorAfterTokens`, the error comes inside the stream instead.
   */
  status?: FakeStatus;
  /**
   * An error the provider answers in its own words: no quota left, a prompt longer than the
   * model's context, or a prompt its safety system blocks.
   */
  error?: FakeErrorKind;
  /** Stream N tokens, then the error of `status` (default 500) as an in-stream error event. */
  errorAfterTokens?: number;
  /** `content_filter`: the reply is cut by the provider's safety system (refusal, SAFETY). */
  finishReason?: FakeFinishReason;
  /**
   * Write every SSE frame in two pieces a moment apart, cut inside a multi-byte UTF-8 character
   * when the frame has one (else in its middle), as a proxy re-chunking the stream would.
   */
  split?: boolean;
  /**
   * After the reply's text, stream these calls as `tool_calls` deltas (each call's arguments in
   * two fragments, as OpenAI splits them) and finish with `tool_calls`.
   */
  toolCalls?: FakeToolCall[];
}

export const FAKE_STATUSES = [400, 401, 403, 429, 500, 503, 529] as const;
export type FakeStatus = (typeof FAKE_STATUSES)[number];
export const FAKE_ERROR_KINDS = ['quota', 'context', 'moderation'] as const;
export type FakeErrorKind = (typeof FAKE_ERROR_KINDS)[number];
export const FAKE_FINISH_REASONS = ['stop', 'length', 'content_filter'] as const;
export type FakeFinishReason = (typeof FAKE_FINISH_REASONS)[number];

interface FakeToolCall {
  name: string;
  /** The arguments' JSON text. */
  arguments: string;
}

/** Options every fake server takes (OpenAI and Azure, Anthropic, Gemini). */
export interface FakeServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (random free port). */
  port?: number;
  /** Applied to every chat request; directive / queued script fields override them. */
  defaults?: FakeScript;
  /**
   * If set, API requests without this key get the protocol's auth error (OpenAI: `Authorization:
   * Bearer`, Azure: `api-key`, Anthropic: `x-api-key`, Gemini: `x-goog-api-key` or `?key=`).
   */
  apiKey?: string;
  /** Ids listed by the models route. */
  models?: string[];
  /**
   * Off unless set (benchmarks): called right after each streamed token is written to the
   * socket, with the token's text and its index in the reply, to timestamp chunks.
   */
  onTokenSent?: (token: string, index: number) => void;
  /** Title requests (see messages.ts) are answered after this many ms; default at once. */
  titleDelayMs?: number;
}

export type FakeOpenAIOptions = FakeServerOptions;

/** One request seen on an API route, kept for test assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The path with its query string (`/openai/deployments/d/chat/completions?api-version=…`). */
  url: string;
  /** Parsed JSON body, or undefined for GET / unparsable bodies. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the request body was fully read. */
  at: number;
}

export interface FakeServer {
  /** Base URL to give an SDK: http://127.0.0.1:PORT/v1 (OpenAI, Anthropic), …/v1beta (Gemini). */
  url: string;
  /** The server's root, http://127.0.0.1:PORT (Azure's deployments are under /openai). */
  origin: string;
  port: number;
  close(): Promise<void>;
  /** The next (non-title) chat request uses this script (FIFO). */
  enqueue(script: FakeScript): void;
  /** Last 100 API requests (control routes excluded), oldest first. */
  requests: RecordedRequest[];
  /** Clears the script queue and the recorded requests. */
  reset(): void;
}

export type FakeOpenAIServer = FakeServer;

/** The fully merged script that drives one chat completion. */
export interface ResolvedScript {
  reply: string;
  tokensPerSecond: number;
  failAfterTokens: number | undefined;
  hang: boolean;
  hangAfterTokens: number | undefined;
  endAfterTokens: number | undefined;
  malformedAfterTokens: number | undefined;
  status: FakeStatus | undefined;
  error: FakeErrorKind | undefined;
  errorAfterTokens: number | undefined;
  finishReason: FakeFinishReason;
  split: boolean;
  toolCalls: FakeToolCall[];
}
