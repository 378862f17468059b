import {
  APICallError,
  InvalidResponseDataError,
  JSONParseError,
  TypeValidationError,
  type LanguageModelV3FinishReason,
} from '@ai-sdk/provider';
import type { WireContext, WireMapper, WirePart } from './wire-stream.js';

/**
 * Anthropic's Messages stream as @ai-sdk/anthropic maps it (`doStream` of
 * anthropic-messages-language-model) for what our requests can produce: text, thinking (and
 * redacted thinking), the caller's function tools (input_json_delta assembled, the call at its
 * block's end; calls pre-filled in message_start), usage with cache tokens and iterations, the
 * stop reason, `error` events (one that is the stream's first part fails the call, as the SDK's
 * first-chunk check does), malformed or unknown events as the SDK's validation errors. Server
 * tools, citations, MCP and compaction are never requested by the app; their blocks yield nothing.
 */

const EVENT_TYPES = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'error',
  'ping',
]);

const DELTA_TYPES = new Set([
  'input_json_delta',
  'text_delta',
  'thinking_delta',
  'signature_delta',
  'compaction_delta',
  'citations_delta',
]);

type Block =
  { type: 'text' } | { type: 'reasoning' } | { type: 'tool-call'; id: string; name: string; input: string };

interface Iteration {
  type: string;
  input_tokens: number;
  output_tokens: number;
}

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens_details?: { thinking_tokens?: number | null } | null;
  iterations: Iteration[] | null;
}

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number';
const isStr = (v: unknown): v is string => typeof v === 'string';
const nullishStr = (v: unknown) => v == null || isStr(v);

function mapStop(raw: string | null | undefined): LanguageModelV3FinishReason['unified'] {
  switch (raw) {
    case 'pause_turn':
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'refusal':
      return 'content-filter';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    default:
      return 'other';
  }
}

/** The event if it has the shape the SDK's schema requires of what we read, else why not. */
function validate(value: unknown): Rec | string {
  if (!isRecord(value) || !isStr(value.type) || !EVENT_TYPES.has(value.type)) return 'unknown event type';
  switch (value.type) {
    case 'message_start': {
      const m = value.message;
      if (!isRecord(m) || !isRecord(m.usage) || !isNum(m.usage.input_tokens)) return 'message_start';
      if (m.content != null) {
        if (!Array.isArray(m.content)) return 'message_start content';
        for (const c of m.content as unknown[]) {
          if (!isRecord(c) || c.type !== 'tool_use' || !isStr(c.id) || !isStr(c.name))
            return 'message_start content';
        }
      }
      return nullishStr(m.stop_reason) ? value : 'message_start stop_reason';
    }
    case 'content_block_start':
      return isNum(value.index) && isRecord(value.content_block) && isStr(value.content_block.type)
        ? value
        : 'content_block_start';
    case 'content_block_delta': {
      const d = value.delta;
      if (!isNum(value.index) || !isRecord(d) || !isStr(d.type) || !DELTA_TYPES.has(d.type)) {
        return 'content_block_delta';
      }
      if (d.type === 'text_delta' && !isStr(d.text)) return 'text_delta';
      if (d.type === 'thinking_delta' && !isStr(d.thinking)) return 'thinking_delta';
      if (d.type === 'input_json_delta' && !isStr(d.partial_json)) return 'input_json_delta';
      if (d.type === 'signature_delta' && !isStr(d.signature)) return 'signature_delta';
      return value;
    }
    case 'content_block_stop':
      return isNum(value.index) ? value : 'content_block_stop';
    case 'message_delta':
      return isRecord(value.delta) &&
        nullishStr(value.delta.stop_reason) &&
        isRecord(value.usage) &&
        isNum(value.usage.output_tokens)
        ? value
        : 'message_delta';
    case 'error':
      return isRecord(value.error) && isStr(value.error.type) && isStr(value.error.message) ? value : 'error';
    default:
      return value;
  }
}

function usageOf(usage: Usage): WirePart & { type: 'finish' } extends { usage: infer U } ? U : never {
  const cacheWrite = usage.cache_creation_input_tokens ?? 0;
  const cacheRead = usage.cache_read_input_tokens ?? 0;
  const reasoning = usage.output_tokens_details?.thinking_tokens ?? undefined;
  let input = usage.input_tokens;
  let output = usage.output_tokens;
  const fallback = usage.iterations?.some((i) => i.type === 'fallback_message');
  if (usage.iterations && usage.iterations.length > 0 && !fallback) {
    const executor = usage.iterations.filter((i) => i.type === 'compaction' || i.type === 'message');
    if (executor.length > 0) {
      input = executor.reduce((n, i) => n + i.input_tokens, 0);
      output = executor.reduce((n, i) => n + i.output_tokens, 0);
    }
  }
  return {
    inputTokens: { total: input + cacheWrite + cacheRead, noCache: input, cacheRead, cacheWrite },
    outputTokens: {
      total: output,
      text: reasoning == null ? undefined : output - reasoning,
      reasoning,
    },
  };
}

export function anthropicWire(ctx: WireContext): WireMapper {
  const blocks = new Map<number, Block>();
  const usage: Usage = {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    iterations: null,
  };
  let finishReason: LanguageModelV3FinishReason = { unified: 'other', raw: undefined };
  let blockType: string | undefined;
  let messageOpen = false;
  let messageId: unknown;
  let invalidSequence = false;
  /** Whether the SDK's transform has enqueued a part yet (its first-chunk check reads one). */
  let started = false;
  let failed = false;

  /** An error as the stream's first part: the SDK throws it from doStream (nothing after). */
  const fail = (error: { message: string; type?: unknown }, body: string, out: WirePart[]) => {
    failed = true;
    const overloaded = error.type === 'overloaded_error';
    out.push({
      type: 'error',
      error: new APICallError({
        message: error.message,
        url: ctx.url,
        requestBodyValues: undefined,
        statusCode: overloaded ? 529 : 500,
        responseHeaders: ctx.responseHeaders,
        responseBody: body,
        isRetryable: overloaded,
      }),
    });
  };
  const emit = (part: WirePart, out: WirePart[]) => {
    started = true;
    out.push(part);
  };

  return {
    event(data, _name, out) {
      if (failed || invalidSequence) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch (cause) {
        const error = new JSONParseError({ text: data, cause });
        if (!started) return fail(error, JSON.stringify(error), out);
        return void out.push({ type: 'error', error });
      }
      const value = validate(parsed);
      if (typeof value === 'string') {
        const error = new TypeValidationError({ value: parsed, cause: new Error(value) });
        if (!started) return fail(error, JSON.stringify(error), out);
        return void out.push({ type: 'error', error });
      }
      const index = value.index as number;
      switch (value.type) {
        case 'ping':
          return;
        case 'content_block_start': {
          const part = value.content_block as Rec;
          if (part.type === 'fallback') return;
          blockType = part.type as string;
          started = true;
          if (part.type === 'text') blocks.set(index, { type: 'text' });
          else if (part.type === 'thinking' || part.type === 'redacted_thinking') {
            blocks.set(index, { type: 'reasoning' });
          } else if (part.type === 'tool_use' && isStr(part.id) && isStr(part.name)) {
            const filled = isRecord(part.input) && Object.keys(part.input).length > 0;
            blocks.set(index, {
              type: 'tool-call',
              id: part.id,
              name: part.name,
              input: filled ? JSON.stringify(part.input) : '',
            });
          }
          return;
        }
        case 'content_block_stop': {
          const block = blocks.get(index);
          if (block) {
            started = true;
            if (block.type === 'tool-call') {
              emit(
                {
                  type: 'tool-call',
                  toolCallId: block.id,
                  toolName: block.name,
                  input: block.input === '' ? '{}' : block.input,
                },
                out,
              );
            }
            blocks.delete(index);
          }
          blockType = undefined;
          return;
        }
        case 'content_block_delta': {
          const delta = value.delta as Rec;
          switch (delta.type) {
            case 'text_delta':
              return emit({ type: 'text-delta', id: String(index), delta: delta.text as string }, out);
            case 'thinking_delta':
              return emit(
                { type: 'reasoning-delta', id: String(index), delta: delta.thinking as string },
                out,
              );
            case 'signature_delta':
              if (blockType === 'thinking')
                emit({ type: 'reasoning-delta', id: String(index), delta: '' }, out);
              return;
            case 'input_json_delta': {
              const block = blocks.get(index);
              const piece = delta.partial_json as string;
              if (piece.length === 0 || block?.type !== 'tool-call') return;
              started = true;
              block.input += piece;
              return;
            }
            default:
              return;
          }
        }
        case 'message_start': {
          const message = value.message as Rec;
          if (messageOpen) {
            if (messageId === message.id) return;
            invalidSequence = true;
            return emit(
              {
                type: 'error',
                error: new InvalidResponseDataError({
                  data: value,
                  message: `Received message_start for message ${JSON.stringify(message.id)} while message ${JSON.stringify(messageId)} is still open.`,
                }),
              },
              out,
            );
          }
          messageOpen = true;
          messageId = message.id;
          const u = message.usage as Rec;
          usage.input_tokens = u.input_tokens as number;
          usage.cache_read_input_tokens = (u.cache_read_input_tokens as number | null) ?? 0;
          usage.cache_creation_input_tokens = (u.cache_creation_input_tokens as number | null) ?? 0;
          if (message.stop_reason != null) {
            const raw = message.stop_reason as string;
            finishReason = { unified: mapStop(raw), raw };
          }
          started = true;
          for (const part of (message.content as Rec[] | null | undefined) ?? []) {
            emit(
              {
                type: 'tool-call',
                toolCallId: part.id as string,
                toolName: part.name as string,
                input: JSON.stringify(part.input ?? {}),
              },
              out,
            );
          }
          return;
        }
        case 'message_delta': {
          const u = value.usage as Rec;
          const d = value.delta as Rec;
          if (u.input_tokens != null && usage.input_tokens !== u.input_tokens) {
            usage.input_tokens = u.input_tokens as number;
          }
          usage.output_tokens = u.output_tokens as number;
          if (u.output_tokens_details != null) {
            usage.output_tokens_details = u.output_tokens_details as Usage['output_tokens_details'];
          }
          if (u.cache_read_input_tokens != null)
            usage.cache_read_input_tokens = u.cache_read_input_tokens as number;
          if (u.cache_creation_input_tokens != null) {
            usage.cache_creation_input_tokens = u.cache_creation_input_tokens as number;
          }
          if (u.iterations != null) usage.iterations = u.iterations as Iteration[];
          const raw = (d.stop_reason as string | null | undefined) ?? undefined;
          finishReason = { unified: mapStop(raw), raw };
          return;
        }
        case 'message_stop':
          messageOpen = false;
          messageId = undefined;
          return emit({ type: 'finish', finishReason, usage: usageOf(usage) }, out);
        case 'error': {
          const e = value.error as { type: string; message: string };
          const error = { type: e.type, message: e.message };
          if (!started) return fail(error, JSON.stringify(error), out);
          return void out.push({ type: 'error', error });
        }
        default:
          return;
      }
    },
    end() {
      // The SDK's transform has no flush: a stream cut before message_stop has no finish.
    },
  };
}
