/**
 * OpenAI wire format: SSE chunk strings, the non-streaming completion body and error bodies.
 * Chunk strings are built from a prefix/suffix prepared once per stream, so each token costs one
 * small JSON.stringify of its text plus a concatenation — this is what lets one process feed
 * thousands of concurrent streams.
 */
import type { ServerResponse } from 'node:http';
import type { StreamWire } from './respond.js';
import type { FakeErrorKind, ResolvedScript } from './types.js';

export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export function usageOf(promptTokens: number, completionTokens: number): Usage {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/** Pre-renders the constant parts of `chat.completion.chunk` events for one stream. */
class ChunkEncoder {
  private readonly head: string;
  private readonly contentPrefix: string;
  private static readonly contentSuffix = '},"logprobs":null,"finish_reason":null}]}\n\n';

  constructor(meta: CompletionMeta) {
    this.head =
      `data: {"id":${JSON.stringify(meta.id)},"object":"chat.completion.chunk",` +
      `"created":${meta.created},"model":${JSON.stringify(meta.model)},`;
    this.contentPrefix = `${this.head}"choices":[{"index":0,"delta":{"content":`;
  }

  /** First event: announces the assistant role with empty content, like OpenAI does. */
  role(): string {
    return `${this.head}"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`;
  }

  token(text: string): string {
    return this.contentPrefix + JSON.stringify(text) + ChunkEncoder.contentSuffix;
  }

  /** One fragment of tool call `index`: the first carries its id and name, the rest only arguments. */
  toolCall(index: number, fragment: string, start?: { id: string; name: string }): string {
    const fn = start ? { name: start.name, arguments: fragment } : { arguments: fragment };
    const call = start ? { index, id: start.id, type: 'function', function: fn } : { index, function: fn };
    return `${this.head}"choices":[{"index":0,"delta":{"tool_calls":[${JSON.stringify(call)}]},"logprobs":null,"finish_reason":null}]}\n\n`;
  }

  finish(reason: string): string {
    return `${this.head}"choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":${JSON.stringify(reason)}}]}\n\n`;
  }

  /** Sent only when the request asked for `stream_options.include_usage`. */
  usage(usage: Usage): string {
    return `${this.head}"choices":[],"usage":${JSON.stringify(usage)}}\n\n`;
  }

  static readonly done = 'data: [DONE]\n\n';

  /** A chunk cut in the middle of its JSON, as a broken proxy might forward it. */
  static readonly malformed =
    'data: {"id":"chatcmpl-broken","object":"chat.completion.chunk","choices":[{"index\n\n';
}

/** The OpenAI stream of one completion: role chunk, tokens, tool calls, finish, usage, [DONE]. */
export function openAIWire(
  meta: CompletionMeta,
  script: ResolvedScript,
  opts: { includeUsage: boolean; promptTokens: number },
): StreamWire {
  const enc = new ChunkEncoder(meta);
  return {
    head: () => enc.role(),
    token: (text) => enc.token(text),
    malformed: () => ChunkEncoder.malformed,
    error: (status) => `data: ${JSON.stringify(errorBody(status))}\n\n`,
    tail(tokenCount) {
      let tail = '';
      script.toolCalls.forEach((call, index) => {
        const half = Math.ceil(call.arguments.length / 2);
        const id = `call_${meta.id}_${index}`;
        tail += enc.toolCall(index, call.arguments.slice(0, half), { id, name: call.name });
        tail += enc.toolCall(index, call.arguments.slice(half));
      });
      tail += enc.finish(script.toolCalls.length > 0 ? 'tool_calls' : script.finishReason);
      if (opts.includeUsage) tail += enc.usage(usageOf(opts.promptTokens, tokenCount));
      return tail + ChunkEncoder.done;
    },
  };
}

export function completionBody(
  meta: CompletionMeta,
  content: string,
  finishReason: string,
  usage: Usage,
  toolCalls: readonly { name: string; arguments: string }[] = [],
) {
  const tool_calls = toolCalls.map((c, index) => ({
    id: `call_${meta.id}_${index}`,
    type: 'function',
    function: { name: c.name, arguments: c.arguments },
  }));
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, ...(tool_calls.length ? { tool_calls } : {}) },
        logprobs: null,
        finish_reason: tool_calls.length ? 'tool_calls' : finishReason,
      },
    ],
    usage,
  };
}

/**
 * The function a title request offers for the title (one whose parameters have a `title`
 * property, as an app's `titleMethod: functions` sends), or undefined.
 */
export function titleFunctionOf(tools: unknown): string | undefined {
  if (!Array.isArray(tools)) return undefined;
  for (const t of tools as unknown[]) {
    const fn = (t as { function?: { name?: unknown; parameters?: { properties?: unknown } } } | null)
      ?.function;
    const props = fn?.parameters?.properties;
    if (typeof fn?.name === 'string' && props && typeof props === 'object' && 'title' in props)
      return fn.name;
  }
  return undefined;
}

const ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Country, region, or territory not supported.',
  },
  404: { type: 'invalid_request_error', code: 'not_found', message: 'Not found.' },
  413: { type: 'invalid_request_error', code: null, message: 'Request body too large.' },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached. Please try again in 1s.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request.',
  },
  503: {
    type: 'server_error',
    code: 'service_unavailable',
    message: 'The server is overloaded or not ready yet.',
  },
};

/** The errors of `error=<kind>`: OpenAI's quota and context errors, Azure's content filter. */
const KIND_ERRORS: Record<FakeErrorKind, { status: number; type: string; code: string; message: string }> = {
  quota: {
    status: 429,
    type: 'insufficient_quota',
    code: 'insufficient_quota',
    message:
      'You exceeded your current quota, please check your plan and billing details. For more ' +
      'information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
  },
  context: {
    status: 400,
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
    message:
      "This model's maximum context length is 128000 tokens. However, your messages resulted in " +
      '130412 tokens. Please reduce the length of the messages.',
  },
  moderation: {
    status: 400,
    type: 'invalid_request_error',
    code: 'content_filter',
    message:
      "The response was filtered due to the prompt triggering Azure OpenAI's content management " +
      'policy. Please modify your prompt and retry.',
  },
};

function errorBody(status: number, message?: string) {
  const known = ERRORS[status] ?? { type: 'server_error', code: null, message: 'Error.' };
  return { error: { message: message ?? known.message, type: known.type, param: null, code: known.code } };
}

/** Answers with OpenAI's error envelope `{ error: { message, type, param, code } }`. */
export function sendError(res: ServerResponse, status: number, message?: string): void {
  const headers: Record<string, string> = {};
  if (status === 429) headers['retry-after'] = '1';
  sendJson(res, status, errorBody(status, message), headers);
}

/** Answers the error of `error=<kind>`. */
export function sendKindError(res: ServerResponse, kind: FakeErrorKind): void {
  const { status, ...error } = KIND_ERRORS[kind];
  sendJson(res, status, { error: { ...error, param: 'messages' } });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
