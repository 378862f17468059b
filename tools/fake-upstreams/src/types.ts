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
  /** Send N tokens, then one chunk that is not valid JSON, then the rest of the reply. */
  malformedAfterTokens?: number;
  /** Answer this HTTP status with an OpenAI-style JSON error body (429 adds `retry-after: 1`). */
  status?: 401 | 429 | 500 | 503;
  finishReason?: 'stop' | 'length';
  /**
   * After the reply's text, stream these calls as `tool_calls` deltas (each call's arguments in
   * two fragments, as OpenAI splits them) and finish with `tool_calls`.
   */
  toolCalls?: FakeToolCall[];
}

export interface FakeToolCall {
  name: string;
  /** The arguments' JSON text. */
  arguments: string;
}

export interface FakeOpenAIOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (random free port). */
  port?: number;
  /** Applied to every chat request; directive / queued script fields override them. */
  defaults?: FakeScript;
  /** If set, `/v1/*` requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Ids listed by `GET /v1/models`. */
  models?: string[];
  /**
   * Off unless set (benchmarks): called right after each streamed token is written to the
   * socket, with the token's text and its index in the reply, to timestamp chunks.
   */
  onTokenSent?: (token: string, index: number) => void;
  /** Title requests (see messages.ts) are answered after this many ms; default at once. */
  titleDelayMs?: number;
}

/** One request seen on a `/v1/*` route, kept for test assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Parsed JSON body, or undefined for GET / unparsable bodies. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the request body was fully read. */
  at: number;
}

export interface FakeOpenAIServer {
  /** Base URL to give an SDK, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The next (non-title) chat request uses this script (FIFO). */
  enqueue(script: FakeScript): void;
  /** Last 100 `/v1/*` requests, oldest first. */
  requests: RecordedRequest[];
  /** Clears the script queue and the recorded requests. */
  reset(): void;
}

/** The fully merged script that drives one chat completion. */
export interface ResolvedScript {
  reply: string;
  tokensPerSecond: number;
  failAfterTokens: number | undefined;
  hang: boolean;
  hangAfterTokens: number | undefined;
  malformedAfterTokens: number | undefined;
  status: FakeScript['status'];
  finishReason: 'stop' | 'length';
  toolCalls: FakeToolCall[];
}
