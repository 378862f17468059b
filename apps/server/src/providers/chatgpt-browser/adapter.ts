import { randomUUID } from 'node:crypto';
import type { ProviderAdapter } from '../adapter-types.js';
import { mapProviderError } from '../errors.js';
import { idleWatch } from '../idle-watch.js';
import { sseData } from '../sse-lines.js';
import { cut, fromStatus } from '../status-errors.js';
import { transcriptOf } from '../transcript.js';
import { completeFromStream } from '../complete-from-stream.js';
import { type ChatProvider, type ProviderError, type ProviderEvent, type ProviderRequest } from '../types.js';

/** Where CHATGPT_REVERSE_PROXY points by default: the web app's own conversation route. */
const CHATGPT_CONVERSATION_URL = 'https://chatgpt.com/backend-api/conversation';

const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

interface WebEvent {
  message?: {
    author?: { role?: unknown };
    content?: { parts?: unknown };
    metadata?: { finish_details?: { type?: unknown } | null };
  } | null;
  error?: unknown;
}

/** The body of one turn: the transcript as a system message, then the new message. */
function bodyOf(req: ProviderRequest) {
  const { context, text } = transcriptOf(req);
  const message = (role: string, content: string) => ({
    id: randomUUID(),
    author: { role },
    content: { content_type: 'text', parts: [content] },
  });
  return {
    action: 'next',
    messages: [...(context ? [message('system', context)] : []), message('user', text)],
    parent_message_id: randomUUID(),
    model: req.model,
  };
}

/** The upstream's own words in an error body (`{ detail: string | { message } }`). */
function detailOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    if (typeof parsed.detail === 'string') return parsed.detail;
    const inner = (parsed.detail as { message?: unknown } | undefined)?.message;
    return typeof inner === 'string' ? inner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * chatGPTBrowser: the ChatGPT web backend's conversation route with an access token (the
 * original product's CHATGPT_TOKEN). Each event carries the whole text so far; we pass on what
 * is new. The backend counts no tokens, so usage is unknown.
 */
function createChatGPTWebProvider(
  target: { url: string; token: string; fetch?: typeof globalThis.fetch | undefined },
  opts: { idleTimeoutMs?: number | undefined } = {},
): ChatProvider {
  const doFetch = target.fetch ?? globalThis.fetch;
  const idleMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;

  async function* stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    const idle = idleWatch(idleMs, signal);
    const abortSignal = idle.signal;
    const fail = (err: unknown): ProviderEvent => ({
      type: 'error',
      error: mapProviderError(idle.timedOut ? idle.signal.reason : err),
    });
    try {
      const res = await doFetch(target.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${target.token}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify(bodyOf(req)),
        signal: abortSignal,
      });
      if (!res.ok || !res.body) {
        const body = await res.text().catch(() => '');
        const headers = Object.fromEntries(res.headers.entries());
        yield { type: 'error', error: fromStatus(res.status, body, detailOf(body), headers) };
        return;
      }
      let sent = '';
      let finish = 'stop';
      for await (const data of sseData(res.body)) {
        idle.poke();
        if (data === '[DONE]') {
          const usage = { inputTokens: undefined, outputTokens: undefined };
          yield { type: 'usage', usage };
          yield { type: 'finish', finishReason: finish, usage };
          return;
        }
        let event: WebEvent;
        try {
          event = JSON.parse(data) as WebEvent;
        } catch {
          yield {
            type: 'error',
            error: { code: 'upstream_error', message: 'The provider sent a malformed reply' },
          };
          return;
        }
        if (typeof event.error === 'string' && event.error) {
          yield { type: 'error', error: { code: 'upstream_error', message: cut(event.error) } };
          return;
        }
        const message = event.message;
        if (message?.author?.role !== 'assistant') continue;
        const parts = message.content?.parts;
        const text = Array.isArray(parts) && typeof parts[0] === 'string' ? parts[0] : '';
        if (message.metadata?.finish_details?.type === 'max_tokens') finish = 'length';
        // Each event holds the whole text so far; a text that is not a continuation (the
        // backend rewrote it) is ignored rather than sent twice.
        if (text.length > sent.length && text.startsWith(sent)) {
          yield { type: 'text', text: text.slice(sent.length) };
          sent = text;
        }
      }
      if (!signal.aborted) {
        const error: ProviderError = idle.timedOut
          ? mapProviderError(idle.signal.reason)
          : { code: 'upstream_error', message: 'The provider ended the reply unexpectedly' };
        yield { type: 'error', error };
      }
    } catch (err) {
      if (signal.aborted) return;
      yield fail(err);
    } finally {
      idle.stop();
    }
  }

  return { stream, complete: completeFromStream(stream) };
}

export const chatGPTBrowserAdapter: ProviderAdapter = {
  chat: (_endpoint, credentials, opts) =>
    createChatGPTWebProvider(
      {
        url: credentials.baseURL ?? CHATGPT_CONVERSATION_URL,
        token: credentials.apiKey,
        fetch: credentials.fetch,
      },
      opts,
    ),
};
