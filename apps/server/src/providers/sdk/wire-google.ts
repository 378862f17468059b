import {
  APICallError,
  JSONParseError,
  TypeValidationError,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { generateId } from '@ai-sdk/provider-utils';
import type { WireContext, WireMapper, WirePart } from './wire-stream.js';

/**
 * Gemini's streamGenerateContent (`alt=sse`) as @ai-sdk/google maps it (`doStream` of
 * google-generative-ai-language-model): text and thought parts, whole function calls, server
 * tool calls and results, code execution, usage (summed over CONTINUATION requests, which are
 * sent again as the SDK does), the finish reason (tool calls turn STOP into tool-calls), a
 * blocked prompt as a content-filter finish, `error` objects in the stream, malformed chunks as
 * the SDK's parse errors. Streamed function-call arguments (partialArgs) are an option the app
 * never sets; such parts yield nothing.
 */

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const nullish = (v: unknown, type: 'string' | 'boolean' | 'number') => v == null || typeof v === type;

interface UsageMetadata {
  promptTokenCount?: number | null;
  candidatesTokenCount?: number | null;
  cachedContentTokenCount?: number | null;
  thoughtsTokenCount?: number | null;
}

const COUNTS = [
  'promptTokenCount',
  'candidatesTokenCount',
  'cachedContentTokenCount',
  'thoughtsTokenCount',
] as const;

function addUsage(a: UsageMetadata | undefined, b: UsageMetadata | undefined): UsageMetadata | undefined {
  if (a == null || b == null) return b ?? a;
  const sum: UsageMetadata = { ...a, ...b };
  for (const k of COUNTS) {
    const x = a[k];
    const y = b[k];
    sum[k] = x == null && y == null ? (y ?? x) : (x ?? 0) + (y ?? 0);
  }
  return sum;
}

function usageOf(usage: UsageMetadata | undefined): LanguageModelV3Usage {
  if (usage == null) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
  }
  const prompt = usage.promptTokenCount ?? 0;
  const candidates = usage.candidatesTokenCount ?? 0;
  const cached = usage.cachedContentTokenCount ?? 0;
  const thoughts = usage.thoughtsTokenCount ?? 0;
  return {
    inputTokens: { total: prompt, noCache: prompt - cached, cacheRead: cached, cacheWrite: undefined },
    outputTokens: { total: candidates + thoughts, text: candidates, reasoning: thoughts },
  };
}

function mapFinish(raw: string, hasToolCalls: boolean): LanguageModelV3FinishReason['unified'] {
  switch (raw) {
    case 'STOP':
      return hasToolCalls ? 'tool-calls' : 'stop';
    case 'MAX_TOKENS':
    case 'CONTINUATION':
      return 'length';
    case 'IMAGE_SAFETY':
    case 'RECITATION':
    case 'SAFETY':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
      return 'content-filter';
    case 'MALFORMED_FUNCTION_CALL':
      return 'error';
    default:
      return 'other';
  }
}

const STATUS: Record<string, number> = {
  CANCELLED: 499,
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  PERMISSION_DENIED: 403,
  UNAUTHENTICATED: 401,
  RESOURCE_EXHAUSTED: 429,
  UNIMPLEMENTED: 501,
  UNKNOWN: 500,
  INTERNAL: 500,
  DATA_LOSS: 500,
  UNAVAILABLE: 503,
};

const isBlockReason = (r: unknown) =>
  r != null && r !== '' && r !== 'BLOCK_REASON_UNSPECIFIED' && r !== 'BLOCKED_REASON_UNSPECIFIED';

/** Why the chunk does not have the shape the SDK's schema requires of what we read, if it does not. */
function invalid(v: unknown): string | undefined {
  if (!isRecord(v)) return 'not an object';
  if (v.error != null) {
    const e = v.error;
    if (!isRecord(e) || !(e.code === null || typeof e.code === 'number')) return 'error.code';
    if (typeof e.message !== 'string' || typeof e.status !== 'string') return 'error';
  }
  if (!nullish(v.responseId, 'string')) return 'responseId';
  if (v.usageMetadata != null && !isRecord(v.usageMetadata)) return 'usageMetadata';
  if (v.usageMetadata != null) {
    for (const k of COUNTS) if (!nullish((v.usageMetadata as Rec)[k], 'number')) return k;
  }
  if (
    v.promptFeedback != null &&
    (!isRecord(v.promptFeedback) || !nullish(v.promptFeedback.blockReason, 'string'))
  ) {
    return 'promptFeedback';
  }
  if (v.candidates == null) return undefined;
  if (!Array.isArray(v.candidates)) return 'candidates';
  for (const c of v.candidates as unknown[]) {
    if (!isRecord(c) || !nullish(c.finishReason, 'string') || !nullish(c.continuationToken, 'string')) {
      return 'candidate';
    }
    if (c.content == null) continue;
    if (!isRecord(c.content)) return 'content';
    const parts = c.content.parts;
    if (parts == null) continue;
    if (!Array.isArray(parts)) return 'parts';
    for (const p of parts as unknown[]) {
      if (!isRecord(p)) return 'part';
      if (branch(p) !== 'other') continue;
      if (!nullish(p.text, 'string') || !nullish(p.thought, 'boolean')) return 'text part';
    }
  }
  return undefined;
}

const str = (v: unknown) => typeof v === 'string';

/** Which member of the SDK's part union a part parses as (the first that fits, as zod's union). */
function branch(p: Rec): 'functionCall' | 'inlineData' | 'toolCall' | 'toolResponse' | 'other' {
  if (isRecord(p.functionCall)) return 'functionCall';
  if (isRecord(p.inlineData) && str(p.inlineData.mimeType) && str(p.inlineData.data)) return 'inlineData';
  if (isRecord(p.toolCall) && str(p.toolCall.toolType) && str(p.toolCall.id)) return 'toolCall';
  if (isRecord(p.toolResponse) && str(p.toolResponse.toolType) && str(p.toolResponse.id))
    return 'toolResponse';
  return 'other';
}

export function googleWire(ctx: WireContext): WireMapper {
  let finishReason: LanguageModelV3FinishReason = { unified: 'other', raw: undefined };
  let usage: UsageMetadata | undefined;
  let continuedUsage: UsageMetadata | undefined;
  let blocked: string | undefined;
  let hasToolCalls = false;
  let lastCodeCall: string | undefined;
  let lastServerCall: string | undefined;
  let pendingToken: string | undefined;

  const onChunk = (value: Rec, out: WirePart[]) => {
    if (value.error != null) {
      const error = value.error as { code: number | null; message: string; status: string };
      finishReason = { unified: 'error', raw: undefined };
      const kept: Rec = { code: error.code, message: error.message, status: error.status };
      if ('details' in error) kept.details = (error as Rec).details;
      out.push({
        type: 'error',
        error: new APICallError({
          message: error.message,
          url: ctx.url,
          requestBodyValues: undefined,
          statusCode: error.code ?? STATUS[error.status],
          responseHeaders: ctx.responseHeaders,
          responseBody: JSON.stringify({ error: kept }),
          data: kept,
        }),
      });
      return;
    }
    if (value.usageMetadata != null) usage = value.usageMetadata as UsageMetadata;
    const feedback = value.promptFeedback as Rec | null | undefined;
    if (feedback != null && blocked == null && isBlockReason(feedback.blockReason)) {
      blocked = feedback.blockReason as string;
      finishReason = { unified: 'content-filter', raw: blocked };
    }
    const candidate = (value.candidates as Rec[] | null | undefined)?.[0];
    if (candidate?.continuationToken != null && candidate.finishReason === 'CONTINUATION') {
      pendingToken = candidate.continuationToken as string;
    }
    if (blocked != null || candidate == null) return;
    const parts = ((candidate.content as Rec | null | undefined)?.parts as Rec[] | null | undefined) ?? [];
    for (const part of parts) {
      const kind = branch(part);
      if (kind === 'functionCall' || kind === 'inlineData') continue;
      const code = part.executableCode as Rec | null | undefined;
      const result = part.codeExecutionResult as Rec | null | undefined;
      if (kind === 'toolCall') {
        const call = part.toolCall as Rec;
        lastServerCall = call.id as string;
        out.push({
          type: 'tool-call',
          toolCallId: lastServerCall,
          toolName: `server:${String(call.toolType)}`,
          input: JSON.stringify(call.args ?? {}),
          providerExecuted: true,
          dynamic: true,
        });
      } else if (kind === 'toolResponse') {
        const response = part.toolResponse as Rec;
        out.push({
          type: 'tool-result',
          toolCallId: lastServerCall ?? (response.id as string),
          toolName: `server:${String(response.toolType)}`,
          result: (response.response ?? {}) as NonNullable<unknown>,
        });
        lastServerCall = undefined;
      } else if (isRecord(code) && code.code) {
        lastCodeCall = generateId();
        out.push({
          type: 'tool-call',
          toolCallId: lastCodeCall,
          toolName: 'code_execution',
          input: JSON.stringify({ language: code.language, code: code.code }),
          providerExecuted: true,
        });
      } else if (isRecord(result)) {
        if (lastCodeCall) {
          out.push({
            type: 'tool-result',
            toolCallId: lastCodeCall,
            toolName: 'code_execution',
            result: { outcome: result.outcome as string, output: (result.output as string | null) ?? '' },
          });
        }
      } else if (typeof part.text === 'string') {
        if (part.text.length === 0) continue;
        out.push(
          part.thought === true
            ? { type: 'reasoning-delta', id: '', delta: part.text }
            : { type: 'text-delta', id: '', delta: part.text },
        );
      }
    }
    for (const part of parts) {
      if (branch(part) !== 'functionCall') continue;
      const call = part.functionCall as Rec;
      const streaming = call.partialArgs != null || (call.name != null && call.willContinue === true);
      if (streaming || call.name == null || call.partialArgs != null) continue;
      const id = (call.id as string | null | undefined) ?? generateId();
      const input =
        call.args == null ? '{}' : typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
      out.push({ type: 'tool-call', toolCallId: id, toolName: call.name as string, input });
      hasToolCalls = true;
    }
    if (candidate.finishReason === 'CONTINUATION') {
      continuedUsage = addUsage(continuedUsage, usage);
      usage = undefined;
    }
    if (candidate.finishReason != null) {
      const raw = candidate.finishReason as string;
      finishReason = { unified: mapFinish(raw, hasToolCalls), raw };
    }
  };

  return {
    event(data, _name, out) {
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch (cause) {
        out.push({ type: 'error', error: new JSONParseError({ text: data, cause }) });
        return;
      }
      const why = invalid(value);
      if (why !== undefined) {
        out.push({ type: 'error', error: new TypeValidationError({ value, cause: new Error(why) }) });
        return;
      }
      onChunk(value as Rec, out);
    },
    continuation() {
      const token = pendingToken;
      pendingToken = undefined;
      return token === undefined ? undefined : { continuationToken: token };
    },
    continuationFailed(error, out) {
      out.push({ type: 'error', error });
    },
    end(out) {
      usage = addUsage(continuedUsage, usage);
      out.push({ type: 'finish', finishReason, usage: usageOf(usage) });
    },
  };
}

/** Gemini's CONTINUATION sends the same request again for the rest of the reply. */
googleWire.continues = true;
