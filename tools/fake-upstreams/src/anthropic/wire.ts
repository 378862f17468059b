/**
 * Anthropic Messages API wire format: the named SSE events of a streamed message, the message
 * body of a one-shot answer, and the `{ type: 'error', error: { type, message } }` error bodies.
 */
import type { ServerResponse } from 'node:http';
import type { StreamWire } from '../respond.js';
import type { FakeErrorKind, FakeFinishReason, ResolvedScript } from '../types.js';
import { sendJson } from '../wire.js';

export interface MessageMeta {
  id: string;
  model: string;
  inputTokens: number;
}

const STOP_REASONS: Record<FakeFinishReason, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  content_filter: 'refusal',
};

const stopReason = (script: ResolvedScript) =>
  script.toolCalls.length > 0 ? 'tool_use' : STOP_REASONS[script.finishReason];

const event = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

const ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'Not found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: {
    type: 'rate_limit_error',
    message:
      'Number of request tokens has exceeded your per-minute rate limit ' +
      '(https://docs.claude.com/en/api/rate-limits); see the response headers for current usage. ' +
      'Please reduce the prompt length or the maximum tokens requested, or try again later.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  503: { type: 'api_error', message: 'Service unavailable' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

const KIND_ERRORS: Partial<Record<FakeErrorKind, { status: number; message: string }>> = {
  quota: {
    status: 400,
    message:
      'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing ' +
      'to upgrade or purchase credits.',
  },
  context: { status: 400, message: 'prompt is too long: 212345 tokens > 200000 maximum' },
};

function errorOf(status: number, message?: string) {
  const known = ERRORS[status] ?? { type: 'api_error', message: 'Error.' };
  return { type: 'error', error: { type: known.type, message: message ?? known.message } };
}

export function sendAnthropicError(res: ServerResponse, status: number, message?: string): void {
  const headers: Record<string, string> = { 'request-id': 'req_fake' };
  if (status === 429) headers['retry-after'] = '1';
  sendJson(res, status, errorOf(status, message), headers);
}

/** The HTTP error of `error=<kind>`; false for moderation, which Anthropic answers as a refusal. */
export function sendAnthropicKindError(res: ServerResponse, kind: FakeErrorKind): boolean {
  const known = KIND_ERRORS[kind];
  if (!known) return false;
  sendAnthropicError(res, known.status, known.message);
  return true;
}

/**
 * message_start, a text block (its start, a ping, one delta per token, its stop), a tool_use
 * block per tool call (its input JSON in two input_json_delta fragments), message_delta with the
 * stop reason and usage, message_stop.
 */
export function anthropicWire(meta: MessageMeta, script: ResolvedScript): StreamWire {
  return {
    head: () =>
      event('message_start', {
        type: 'message_start',
        message: {
          id: meta.id,
          type: 'message',
          role: 'assistant',
          model: meta.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: meta.inputTokens, output_tokens: 1 },
        },
      }) +
      event('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'text', text: '' },
      }) +
      event('ping', { type: 'ping' }),
    token: (text) =>
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      }),
    malformed: () =>
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_del\n\n',
    error: (status) => event('error', errorOf(status)),
    tail(tokenCount) {
      let tail = event('content_block_stop', { type: 'content_block_stop', index: 0 });
      script.toolCalls.forEach((call, i) => {
        const index = i + 1;
        const half = Math.ceil(call.arguments.length / 2);
        tail += event('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: `toolu_${meta.id}_${i}`, name: call.name, input: {} },
        });
        for (const partial_json of [call.arguments.slice(0, half), call.arguments.slice(half)]) {
          tail += event('content_block_delta', {
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json },
          });
        }
        tail += event('content_block_stop', { type: 'content_block_stop', index });
      });
      tail += event('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: stopReason(script), stop_sequence: null },
        usage: { output_tokens: tokenCount },
      });
      return tail + event('message_stop', { type: 'message_stop' });
    },
  };
}

/** The one-shot answer: a whole message. */
export function anthropicMessage(
  meta: MessageMeta,
  script: ResolvedScript,
  text: string,
  tokenCount: number,
) {
  return {
    id: meta.id,
    type: 'message',
    role: 'assistant',
    model: meta.model,
    content: [
      ...(text ? [{ type: 'text', text }] : []),
      ...script.toolCalls.map((call, i) => ({
        type: 'tool_use',
        id: `toolu_${meta.id}_${i}`,
        name: call.name,
        input: JSON.parse(call.arguments) as unknown,
      })),
    ],
    stop_reason: stopReason(script),
    stop_sequence: null,
    usage: { input_tokens: meta.inputTokens, output_tokens: tokenCount },
  };
}
