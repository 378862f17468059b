import type { BingToneStyle, ErrorCode } from '@chat/contract';

/**
 * A piece of a user message. Images are a URL: `https:` for a hosted file, or a `data:` URL for
 * an upload; each adapter turns them into its protocol's own image part.
 */
export type ProviderContentPart =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      url: string;
      mediaType?: string | undefined;
      /** OpenAI's image detail (the conversation's imageDetail); other protocols ignore it. */
      detail?: 'low' | 'auto' | 'high' | undefined;
    };

/** A call the model asked for; `arguments` is the model's JSON text, unparsed. */
export interface ProviderToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One message of the prompt sent upstream. */
export type ProviderMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ProviderContentPart[] }
  | { role: 'assistant'; content: string; toolCalls?: ProviderToolCall[] | undefined }
  /** The answer to a tool call, sent back on the next request. */
  | { role: 'tool'; toolCallId: string; toolName: string; content: string };

/** A tool the model may call: its name, what it does, and a JSON Schema of its arguments. */
export interface ProviderTool {
  name: string;
  description?: string | undefined;
  parameters: Record<string, unknown>;
}

/** Sampling parameters; unset ones are left to the upstream's defaults. */
export interface ProviderParams {
  temperature?: number | undefined;
  top_p?: number | undefined;
  top_k?: number | undefined;
  frequency_penalty?: number | undefined;
  presence_penalty?: number | undefined;
  maxOutputTokens?: number | undefined;
}

/** Which tool the model must use: any it likes (default), one of them, or the one named. */
export type ProviderToolChoice = 'auto' | 'required' | { name: string };

/** Conversation options only some upstreams read (the Bing chat hub's). */
interface ProviderChatOptions {
  toneStyle?: BingToneStyle | undefined;
  jailbreak?: boolean | undefined;
  systemMessage?: string | undefined;
  context?: string | undefined;
}

export interface ProviderRequest {
  model: string;
  messages: ProviderMessage[];
  params?: ProviderParams;
  tools?: ProviderTool[] | undefined;
  toolChoice?: ProviderToolChoice | undefined;
  chatOptions?: ProviderChatOptions | undefined;
  /** What the endpoint's request placeholders are filled with (providers/placeholders.ts). */
  context?: RequestContext | undefined;
}

/** What a one-shot completion answers: its text and the tools it called (arguments unparsed). */
export interface ProviderCompletion {
  text: string;
  toolCalls: ProviderToolCall[];
}

/** A failure of the upstream, already mapped to a contract error code and a readable message. */
export interface ProviderError {
  code: ErrorCode;
  /** What the user reads: a sentence of ours, or the upstream's own words for an HTTP error. */
  message: string;
  /**
   * For the server log only, never sent or saved: what the network or TLS layer said (OpenSSL's
   * text with its source paths, addresses, ports), scrubbed of anything that looks like a secret.
   */
  detail?: string | undefined;
}

export interface ProviderUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/**
 * What a stream yields. The iteration ends after `finish` or `error`; when the caller's signal
 * aborts, it simply ends (no event), so the caller decides what an abort means. `usage` comes
 * just before `finish` (which repeats it, for callers that only read the end).
 * `tool-result` is for tools the upstream runs itself (e.g. a provider's web search); tools the
 * app runs are answered with a `tool` message on the next request.
 */
export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; call: ProviderToolCall }
  | { type: 'tool-result'; toolCallId: string; toolName: string; result: unknown }
  | { type: 'usage'; usage: ProviderUsage }
  | { type: 'finish'; finishReason: string; usage?: ProviderUsage }
  | { type: 'error'; error: ProviderError };

/** Takes a stream's events one by one, as they come (the push route of a ChatProvider). */
export type ProviderEmit = (ev: ProviderEvent) => void;

export interface ChatProvider {
  stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
  /**
   * The same events as `stream`, pushed to `emit` as they come, with no promise per event (the
   * relay's hot path: docs/decisions.md, "Pushed events"). Resolves after the last event; rejects
   * only with what `emit` threw (the stream is then stopped). Optional: `streamOf` iterates
   * `stream` for an adapter without it.
   */
  streamTo?(req: ProviderRequest, signal: AbortSignal, emit: ProviderEmit): Promise<void>;
  /** A short non-streaming completion (titles). Rejects with a ProviderFailure. */
  complete(req: ProviderRequest, signal: AbortSignal): Promise<ProviderCompletion>;
}

/** The error `complete` rejects with. */
export class ProviderFailure extends Error {
  constructor(readonly error: ProviderError) {
    super(error.message);
  }
}

/**
 * The user fields LibreChat names, under its placeholder spelling (upper case). Those this server
 * keeps are filled (users.ts reads them); SAML, LDAP and Apple sign-in and terms acceptance do
 * not exist here, so their placeholders stay literal.
 */
export type UserPlaceholderField =
  | 'ID'
  | 'NAME'
  | 'USERNAME'
  | 'EMAIL'
  | 'PROVIDER'
  | 'ROLE'
  | 'GOOGLEID'
  | 'FACEBOOKID'
  | 'OPENIDID'
  | 'SAMLID'
  | 'LDAPID'
  | 'GITHUBID'
  | 'DISCORDID'
  | 'APPLEID'
  | 'EMAILVERIFIED'
  | 'TWOFACTORENABLED'
  | 'TERMSACCEPTED';

/** The request fields LibreChat lets headers carry. */
type BodyPlaceholderField = 'CONVERSATIONID' | 'PARENTMESSAGEID' | 'MESSAGEID';

/** What one request fills the placeholders with (a field absent: its placeholder stays). */
export interface RequestContext {
  user?: Partial<Record<UserPlaceholderField, string>> | undefined;
  body?: Partial<Record<BodyPlaceholderField, string>> | undefined;
}
