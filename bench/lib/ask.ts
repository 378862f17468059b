/** Asking through the app and straight from the fake, with per-event arrival times and sizes. */
import type { FakeProtocol } from './fake.js';
import { BENCH_MODELS, type BenchEndpoint } from './server.js';
import { askBody, directBody, sseRequest, type SseEvent } from './sse.js';

export interface AskOutcome {
  status: number;
  errorBody?: string | undefined;
  startedAt: number;
  endAt: number;
  /** The reply text as assembled from delta events. */
  text: string;
  firstDeltaAt: number | undefined;
  lastDeltaAt: number | undefined;
  deltaEvents: number;
  deltaBytes: number;
  totalBytes: number;
  created: Record<string, unknown> | undefined;
  final: Record<string, unknown> | undefined;
  error: Record<string, unknown> | undefined;
}

/**
 * POST /api/ask/<endpoint> (openAI unless named) in a new conversation; `onDelta` sees every
 * delta event as it arrives.
 */
export async function askApp(
  base: string,
  token: string,
  text: string,
  onDelta?: (text: string, at: number, e: SseEvent) => void,
  endpoint: BenchEndpoint = 'openAI',
): Promise<AskOutcome> {
  const out = {
    text: '',
    firstDeltaAt: undefined as number | undefined,
    lastDeltaAt: undefined as number | undefined,
    deltaEvents: 0,
    deltaBytes: 0,
    created: undefined as Record<string, unknown> | undefined,
    final: undefined as Record<string, unknown> | undefined,
    error: undefined as Record<string, unknown> | undefined,
  };
  const r = await sseRequest(`${base}/api/ask/${endpoint}`, {
    headers: { authorization: `Bearer ${token}` },
    body: askBody(text, endpoint),
    onEvent(e) {
      const data = JSON.parse(e.data) as Record<string, unknown>;
      if (typeof data.text === 'string' && Object.keys(data).length === 1) {
        out.text += data.text;
        out.firstDeltaAt ??= e.at;
        out.lastDeltaAt = e.at;
        out.deltaEvents++;
        out.deltaBytes += e.bytes;
        onDelta?.(data.text, e.at, e);
      } else if (data.created) out.created = data;
      else if (data.final) out.final = data;
      else if (data.error) out.error = data;
    },
  });
  return {
    status: r.status,
    errorBody: r.errorBody,
    startedAt: r.startedAt,
    endAt: r.endAt,
    totalBytes: r.totalBytes,
    ...out,
  };
}

export interface DirectOutcome {
  status: number;
  startedAt: number;
  endAt: number;
  text: string;
  tokens: number;
  firstTokenAt: number | undefined;
  lastTokenAt: number | undefined;
  totalBytes: number;
}

/** How to ask one protocol's fake for a streamed reply, and read a token out of its events. */
interface DirectProtocol {
  url(fakeUrl: string): string;
  headers: Record<string, string>;
  body(text: string): Record<string, unknown>;
  /** The reply text an event carries; undefined for events that carry none. */
  token(e: SseEvent): string | undefined;
}

const DIRECT: Record<FakeProtocol, DirectProtocol> = {
  // POST /v1/chat/completions: `choices[0].delta.content` chunks, then [DONE].
  openai: {
    url: (fakeUrl) => `${fakeUrl}/chat/completions`,
    headers: { authorization: 'Bearer bench' },
    body: directBody,
    token(e) {
      if (e.data === '[DONE]') return undefined;
      const chunk = JSON.parse(e.data) as { choices: { delta?: { content?: string } }[] };
      return chunk.choices[0]?.delta?.content;
    },
  },
  // POST /v1/messages: `content_block_delta` events of `text_delta`s between the message's frame.
  anthropic: {
    url: (fakeUrl) => `${fakeUrl}/messages`,
    headers: { 'x-api-key': 'bench', 'anthropic-version': '2023-06-01' },
    body: (text) => ({
      model: BENCH_MODELS.anthropic,
      max_tokens: 64_000,
      stream: true,
      messages: [{ role: 'user', content: text }],
    }),
    token(e) {
      if (e.event !== 'content_block_delta') return undefined;
      const data = JSON.parse(e.data) as { delta?: { type?: string; text?: string } };
      return data.delta?.type === 'text_delta' ? data.delta.text : undefined;
    },
  },
  // POST /v1beta/models/{model}:streamGenerateContent?alt=sse: one candidate text part per chunk.
  gemini: {
    url: (fakeUrl) => `${fakeUrl}/models/${BENCH_MODELS.google}:streamGenerateContent?alt=sse`,
    headers: { 'x-goog-api-key': 'bench' },
    body: (text) => ({ contents: [{ role: 'user', parts: [{ text }] }] }),
    token(e) {
      const chunk = JSON.parse(e.data) as { candidates?: { content?: { parts?: { text?: string }[] } }[] };
      return chunk.candidates?.[0]?.content?.parts?.[0]?.text;
    },
  },
};

/**
 * A streamed reply read straight from a fake upstream in its own protocol (OpenAI's unless named),
 * parsed like a client would.
 */
export async function askDirect(
  fakeUrl: string,
  text: string,
  protocol: FakeProtocol = 'openai',
): Promise<DirectOutcome> {
  const wire = DIRECT[protocol];
  let out = '';
  let tokens = 0;
  let firstTokenAt: number | undefined;
  let lastTokenAt: number | undefined;
  const r = await sseRequest(wire.url(fakeUrl), {
    headers: wire.headers,
    body: wire.body(text),
    onEvent(e) {
      const content = wire.token(e);
      if (content) {
        out += content;
        tokens++;
        firstTokenAt ??= e.at;
        lastTokenAt = e.at;
      }
    },
  });
  return {
    status: r.status,
    startedAt: r.startedAt,
    endAt: r.endAt,
    text: out,
    tokens,
    firstTokenAt,
    lastTokenAt,
    totalBytes: r.totalBytes,
  };
}

/** The fake's tokenisation: words with their leading whitespace. */
export function countTokens(text: string): number {
  return (text.match(/\s*\S+|\s+$/g) ?? []).length;
}
