/** Asking through the app and straight from the fake, with per-event arrival times and sizes. */
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

/** POST /api/ask/openAI in a new conversation; `onDelta` sees every delta event as it arrives. */
export async function askApp(
  base: string,
  token: string,
  text: string,
  onDelta?: (text: string, at: number, e: SseEvent) => void,
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
  const r = await sseRequest(`${base}/api/ask/openAI`, {
    headers: { authorization: `Bearer ${token}` },
    body: askBody(text),
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

/** A streamed chat completion read straight from the fake upstream, parsed like a client would. */
export async function askDirect(fakeUrl: string, text: string): Promise<DirectOutcome> {
  let out = '';
  let tokens = 0;
  let firstTokenAt: number | undefined;
  let lastTokenAt: number | undefined;
  const r = await sseRequest(`${fakeUrl}/chat/completions`, {
    headers: { authorization: 'Bearer bench' },
    body: directBody(text),
    onEvent(e) {
      if (e.data === '[DONE]') return;
      const chunk = JSON.parse(e.data) as { choices: { delta?: { content?: string } }[] };
      const content = chunk.choices[0]?.delta?.content;
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
