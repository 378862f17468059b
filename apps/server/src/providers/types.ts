import type { ErrorCode } from '@chat/contract';

/** One message of the prompt sent upstream. */
export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Sampling parameters; unset ones are left to the upstream's defaults. */
export interface ProviderParams {
  temperature?: number | undefined;
  top_p?: number | undefined;
  frequency_penalty?: number | undefined;
  presence_penalty?: number | undefined;
  maxOutputTokens?: number | undefined;
}

export interface ProviderRequest {
  model: string;
  messages: ProviderMessage[];
  params?: ProviderParams;
}

/** A failure of the upstream, already mapped to a contract error code and a readable message. */
export interface ProviderError {
  code: ErrorCode;
  message: string;
}

export interface ProviderUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/**
 * What a stream yields. The iteration ends after `finish` or `error`; when the caller's signal
 * aborts, it simply ends (no event), so the caller decides what an abort means.
 */
export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'finish'; finishReason: string; usage?: ProviderUsage }
  | { type: 'error'; error: ProviderError };

export interface ChatProvider {
  stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
  /** A short non-streaming completion (titles). Rejects with a ProviderFailure. */
  complete(req: ProviderRequest, signal: AbortSignal): Promise<string>;
}

/** The error `complete` rejects with. */
export class ProviderFailure extends Error {
  constructor(readonly error: ProviderError) {
    super(error.message);
  }
}
