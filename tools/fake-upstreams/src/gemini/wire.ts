/**
 * Gemini API wire format: `GenerateContentResponse` chunks as SSE (`data: …` and CRLF CRLF, as
 * Google frames them), the one-shot response, and `{ error: { code, message, status, details } }`
 * error bodies.
 */
import type { ServerResponse } from 'node:http';
import type { StreamWire } from '../respond.js';
import type { FakeErrorKind, FakeFinishReason, ResolvedScript } from '../types.js';
import { sendJson } from '../wire.js';

export interface ResponseMeta {
  responseId: string;
  modelVersion: string;
  promptTokens: number;
}

const FINISH_REASONS: Record<FakeFinishReason, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
};

const BLOCKED_RATING = { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true };

const frame = (data: unknown) => `data: ${JSON.stringify(data)}\r\n\r\n`;

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  529: 'UNAVAILABLE',
};

const MESSAGES: Record<number, string> = {
  401: 'Request had invalid authentication credentials.',
  403: 'The caller does not have permission',
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
  529: 'The model is overloaded. Please try again later.',
};

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

function errorOf(status: number, message?: string, details?: unknown[]) {
  return {
    error: {
      code: status,
      message: message ?? MESSAGES[status] ?? 'Request contains an invalid argument.',
      status: STATUS_NAMES[status] ?? 'UNKNOWN',
      // A rate limit says when to retry in the body (google.rpc.RetryInfo), not in a header.
      ...(details ? { details } : status === 429 ? { details: [retryInfo('1s')] } : {}),
    },
  };
}

const retryInfo = (retryDelay: string) => ({
  '@type': 'type.googleapis.com/google.rpc.RetryInfo',
  retryDelay,
});

export function sendGeminiError(
  res: ServerResponse,
  status: number,
  message?: string,
  details?: unknown[],
): void {
  sendJson(res, status, errorOf(status, message, details));
}

/** What the real API answers a request with a wrong key: 400 (not 401), reason API_KEY_INVALID. */
export function sendBadKey(res: ServerResponse): void {
  sendGeminiError(res, 400, 'API key not valid. Please pass a valid API key.', [
    { '@type': ERROR_INFO, reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
  ]);
}

/** The HTTP error of `error=<kind>`; false for moderation, which Gemini answers as a prompt block. */
export function sendGeminiKindError(res: ServerResponse, kind: FakeErrorKind): boolean {
  if (kind === 'quota') {
    sendGeminiError(
      res,
      429,
      'You exceeded your current quota, please check your plan and billing details. For more ' +
        'information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
      [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [{ quotaId: 'GenerateRequestsPerDay' }],
        },
      ],
    );
    return true;
  }
  if (kind === 'context') {
    sendGeminiError(
      res,
      400,
      'The input token count (1234567) exceeds the maximum number of tokens allowed (1048576).',
    );
    return true;
  }
  return false;
}

const usage = (meta: ResponseMeta, tokenCount: number) => ({
  promptTokenCount: meta.promptTokens,
  candidatesTokenCount: tokenCount,
  totalTokenCount: meta.promptTokens + tokenCount,
});

/** The response's parts: the text, then a functionCall part per tool call. */
function parts(script: ResolvedScript, text: string) {
  return [
    { text },
    ...script.toolCalls.map((c) => ({
      functionCall: { name: c.name, args: JSON.parse(c.arguments) as unknown },
    })),
  ];
}

/** A response: the candidate (text, finish reason), or, for a blocked prompt, no candidate. */
function response(
  meta: ResponseMeta,
  script: ResolvedScript,
  text: string,
  tokenCount: number,
  last: boolean,
) {
  const common = {
    usageMetadata: usage(meta, tokenCount),
    modelVersion: meta.modelVersion,
    responseId: meta.responseId,
  };
  if (script.error === 'moderation') {
    return { promptFeedback: { blockReason: 'SAFETY', safetyRatings: [BLOCKED_RATING] }, ...common };
  }
  const finished = script.finishReason === 'content_filter' ? { safetyRatings: [BLOCKED_RATING] } : {};
  const candidate = {
    content: { parts: last ? parts(script, text) : [{ text }], role: 'model' },
    ...(last ? { finishReason: FINISH_REASONS[script.finishReason], ...finished } : {}),
    index: 0,
  };
  return { candidates: [candidate], ...common };
}

/**
 * One chunk per token, then a last chunk with the finish reason (and any function calls), then a
 * chunk with only the usage; a blocked prompt is one chunk with promptFeedback and no candidate.
 */
export function geminiWire(meta: ResponseMeta, script: ResolvedScript): StreamWire {
  let sent = 0;
  return {
    head: () => '',
    token: (text) => frame(response(meta, script, text, ++sent, false)),
    malformed: () => 'data: {"candidates": [{"content": {"par\r\n\r\n',
    error: (status) => frame(errorOf(status)),
    tail(tokenCount) {
      if (script.error === 'moderation') return frame(response(meta, script, '', 0, true));
      const usageOnly = {
        usageMetadata: usage(meta, tokenCount),
        modelVersion: meta.modelVersion,
        responseId: meta.responseId,
      };
      return frame(response(meta, script, '', tokenCount, true)) + frame(usageOnly);
    },
  };
}

/** The one-shot answer. */
export function geminiResponse(meta: ResponseMeta, script: ResolvedScript, text: string, tokenCount: number) {
  return response(meta, script, text, tokenCount, true);
}
