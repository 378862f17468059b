import {
  APICallError,
  JSONParseError,
  TypeValidationError,
  type LanguageModelV3FinishReason,
} from '@ai-sdk/provider';
import { generateId, StreamingToolCallTracker } from '@ai-sdk/provider-utils';
import type { WireContext, WireMapper, WirePart } from './wire-stream.js';

/**
 * OpenAI's Chat Completions stream (openAI, azureOpenAI, custom) as @ai-sdk/openai's chat model
 * maps it (`doStream` of openai-chat-language-model): text and refusal deltas, tool calls
 * assembled by the SDK's own StreamingToolCallTracker, usage, the finish reason, in-stream error
 * objects (one before any output fails the call as the SDK's throwIfOpenAIStreamErrorBeforeOutput
 * does), malformed chunks as the SDK's parse errors. Parts our consumer ignores (text-start,
 * response-metadata, logprobs, sources) are not produced.
 */

interface ToolCallDelta {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

interface ChatChunk {
  choices: {
    delta?: { content?: string | null; refusal?: string | null; tool_calls?: ToolCallDelta[] | null } | null;
    finish_reason?: string | null;
  }[];
  usage?: ChatUsage | null;
}

interface ChatUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
}

type ErrorFrame = { error: { message: string; type?: unknown; code?: unknown } };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function mapFinish(raw: string, hasRefusal: boolean): LanguageModelV3FinishReason['unified'] {
  switch (raw) {
    case 'stop':
      return hasRefusal ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

/** The SDK's status for an error frame sent before any output (its getStatusCode). */
function statusOf(error: ErrorFrame['error']): number {
  const code = error.code;
  const isStatus = (n: number) => Number.isInteger(n) && n >= 400 && n <= 599;
  if (typeof code === 'number' && isStatus(code)) return code;
  if (typeof code === 'string' && /^\d{3}$/.test(code) && isStatus(Number(code))) return Number(code);
  const what = [error.code, error.type]
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' ')
    .toLowerCase();
  if (['insufficient_quota', 'rate_limit'].some((t) => what.includes(t))) return 429;
  if (what.includes('authentication')) return 401;
  if (what.includes('permission')) return 403;
  if (what.includes('not_found')) return 404;
  if (['invalid', 'bad_request', 'context_length'].some((t) => what.includes(t))) return 400;
  if (what.includes('overload')) return 503;
  if (what.includes('timeout')) return 504;
  return 500;
}

/** Valid JSON of the chunk schema's shape, an error frame, or the SDK's validation error. */
function classify(data: string): ChatChunk | ErrorFrame | JSONParseError | TypeValidationError {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch (cause) {
    return new JSONParseError({ text: data, cause });
  }
  if (isRecord(value) && Array.isArray(value.choices)) return value as unknown as ChatChunk;
  if (isRecord(value) && isRecord(value.error) && typeof value.error.message === 'string') {
    return value as ErrorFrame;
  }
  return new TypeValidationError({ value, cause: new Error('not a chat completion chunk') });
}

function pick(error: ErrorFrame['error']): ErrorFrame['error'] {
  const kept: ErrorFrame['error'] = { message: error.message };
  for (const key of ['type', 'param', 'code'] as const) {
    if (key in error) (kept as Record<string, unknown>)[key] = (error as Record<string, unknown>)[key];
  }
  return kept;
}

function isOutput(chunk: ChatChunk): boolean {
  return chunk.choices.some((c) => {
    const d = c.delta;
    return (
      (d?.content != null && d.content.length > 0) ||
      (d?.refusal != null && d.refusal.length > 0) ||
      (d?.tool_calls != null && d.tool_calls.length > 0)
    );
  });
}

export function openAIChatWire(ctx: WireContext): WireMapper {
  let target: WirePart[] = [];
  // Made at a reply's first tool-call fragment: most replies have none, and it is ~0.6 KB a reply.
  let tracker: StreamingToolCallTracker | undefined;
  const tracked = (): StreamingToolCallTracker =>
    (tracker ??= new StreamingToolCallTracker(
      { enqueue: (part: WirePart) => target.push(part) } as unknown as ConstructorParameters<
        typeof StreamingToolCallTracker
      >[0],
      { generateId, typeValidation: 'if-present' },
    ));
  let sawOutput = false;
  let failed = false;
  let usage: ChatUsage | undefined;
  let rawFinish: string | undefined;
  let hasRefusal = false;

  return {
    event(data, _name, out) {
      if (failed || data === '[DONE]') return;
      const chunk = classify(data);
      if (chunk instanceof Error) {
        out.push({ type: 'error', error: chunk });
        return;
      }
      if ('error' in chunk && !Array.isArray((chunk as Partial<ChatChunk>).choices)) {
        // What the SDK's zod schema keeps of the error object.
        const error = pick((chunk as ErrorFrame).error);
        if (!sawOutput) {
          // The SDK throws this from doStream: nothing after it is read.
          failed = true;
          const known =
            typeof error.type === 'string' || 'code' in error || 'param' in error ? error : undefined;
          const status = known ? statusOf(known) : 500;
          const retryable = known?.code !== 'insufficient_quota' && known?.type !== 'insufficient_quota';
          out.push({
            type: 'error',
            error: new APICallError({
              message: known?.message ?? 'OpenAI stream failed before any output was generated',
              url: ctx.url,
              requestBodyValues: undefined,
              statusCode: status,
              responseHeaders: ctx.responseHeaders,
              responseBody: JSON.stringify(error),
              data: error,
              isRetryable:
                !known ||
                (retryable && (status === 408 || status === 409 || status === 429 || status >= 500)),
            }),
          });
          return;
        }
        out.push({ type: 'error', error });
        return;
      }
      const value = chunk as ChatChunk;
      if (!sawOutput && isOutput(value)) sawOutput = true;
      if (value.usage != null) usage = value.usage;
      const choice = value.choices[0];
      if (choice?.finish_reason != null) rawFinish = choice.finish_reason;
      const delta = choice?.delta;
      if (delta == null) return;
      let texts = 0;
      if (delta.content != null && delta.content.length > 0) {
        out.push({ type: 'text-delta', id: '0', delta: delta.content });
        texts++;
      }
      if (delta.refusal != null && delta.refusal.length > 0) {
        hasRefusal = true;
        out.push({ type: 'text-delta', id: '0', delta: delta.refusal });
        texts++;
      }
      if (texts === 0 && delta.content === '') out.push({ type: 'text-delta', id: '0', delta: '' });
      if (delta.tool_calls != null) {
        target = out;
        for (const call of delta.tool_calls) {
          tracked().processDelta(call as Parameters<StreamingToolCallTracker['processDelta']>[0]);
        }
      }
    },
    end(out) {
      if (failed) return;
      target = out;
      tracker?.flush();
      const finishReason: LanguageModelV3FinishReason =
        rawFinish != null
          ? { unified: mapFinish(rawFinish, hasRefusal), raw: rawFinish }
          : { unified: 'other', raw: undefined };
      const input = usage ? (usage.prompt_tokens ?? 0) : undefined;
      const output = usage ? (usage.completion_tokens ?? 0) : undefined;
      out.push({
        type: 'finish',
        finishReason,
        usage: {
          inputTokens: { total: input, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: output, text: undefined, reasoning: undefined },
        },
      });
    },
  };
}
