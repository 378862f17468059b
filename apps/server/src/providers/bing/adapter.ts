import { BING_DEFAULTS, SYDNEY_SYSTEM_MESSAGE, type BingToneStyle } from '@chat/contract';
import type WebSocket from 'ws';
import { lazyModule } from '../../platform/lazy.js';
import type { ProviderAdapter } from '../adapter-types.js';
import { mapProviderError } from '../errors.js';
import { idleWatch } from '../idle-watch.js';
import { cut, fromStatus } from '../status-errors.js';
import { transcriptOf } from '../transcript.js';
import { completeFromStream } from '../complete-from-stream.js';
import { type ChatProvider, type ProviderError, type ProviderEvent, type ProviderRequest } from '../types.js';

/** Where BINGAI_HOST points by default. */
const BING_HOST = 'https://www.bing.com';
/** `ws`, loaded when a Bing endpoint is first used (the registry awaits `load`). */
const wsLib = lazyModule('ws', () => import('ws').then((m) => m.default));

const RS = '\x1e';
const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** About 4 characters per token: the context is cut from its start to fit ~7k tokens. */
const CONTEXT_MAX_CHARS = BING_DEFAULTS.contextMaxTokens * 4;

/** The option sets every request carries, and each tone's own (the Bing web client's). */
const BASE_OPTION_SETS = [
  'nlu_direct_response_filter',
  'deepleo',
  'disable_emoji_spoken_text',
  'responsible_ai_policy_235',
  'enablemm',
  'dv3sugg',
];
export const TONE_OPTION_SETS: Record<BingToneStyle, string[]> = {
  creative: ['h3imaginative', 'clgalileo', 'gencontentv3'],
  precise: ['h3precise', 'clgalileo'],
  balanced: ['galileo'],
  fast: ['harmonyv3'],
};

/** Bing's result values that are not a success, as the contract's error codes. */
function resultError(result: { value?: unknown; message?: unknown }): ProviderError {
  const value = typeof result.value === 'string' ? result.value : 'Error';
  const said = typeof result.message === 'string' && result.message ? `: ${result.message}` : '';
  const message = cut(`Bing answered ${value}${said}`);
  switch (value) {
    case 'UnauthorizedRequest':
    case 'Forbidden':
      return { code: 'upstream_auth', message };
    case 'Throttled':
      return /limit for today/i.test(said)
        ? { code: 'insufficient_quota', message }
        : { code: 'upstream_rate_limited', message };
    case 'ServiceUnavailable':
      return { code: 'upstream_unavailable', message };
    default:
      return { code: 'upstream_error', message };
  }
}

interface HubRecord {
  type?: unknown;
  arguments?: { messages?: { text?: unknown; author?: unknown }[] }[];
  item?: {
    messages?: { text?: unknown; author?: unknown; contentOrigin?: unknown }[];
    result?: { value?: unknown; message?: unknown };
  };
  error?: unknown;
}

/** The records of a hub connection as an async queue (each WebSocket message may hold several). */
function hubRecords(ws: WebSocket) {
  const queue: (HubRecord | Error | null)[] = [];
  let wake: (() => void) | undefined;
  const push = (r: HubRecord | Error | null) => {
    queue.push(r);
    wake?.();
  };
  ws.on('message', (raw: WebSocket.RawData) => {
    const text = Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : Buffer.concat(raw as Buffer[]).toString('utf8');
    for (const part of text.split(RS)) {
      if (!part.trim()) continue;
      try {
        push(JSON.parse(part) as HubRecord);
      } catch {
        push(new Error('The provider sent a malformed reply'));
      }
    }
  });
  ws.on('error', (err) => push(err));
  ws.on('close', () => push(null));
  return {
    async next(): Promise<HubRecord | Error | null> {
      while (queue.length === 0) await new Promise<void>((r) => (wake = r));
      wake = undefined;
      return queue.shift()!;
    },
  };
}

/** The invocation of one turn (SignalR type 4, target chat). */
function invocation(
  req: ProviderRequest,
  conversation: { conversationId: string; clientId: string; conversationSignature: string },
) {
  const options = req.chatOptions ?? {};
  const sydney = options.jailbreak === true || req.model === 'Sydney';
  const { context, text } = transcriptOf(req);
  const parts = [
    sydney ? options.systemMessage?.trim() || SYDNEY_SYSTEM_MESSAGE : '',
    options.context?.trim() ?? '',
    context,
  ].filter(Boolean);
  let description = parts.join('\n\n');
  if (description.length > CONTEXT_MAX_CHARS) description = description.slice(-CONTEXT_MAX_CHARS);
  const tone = options.toneStyle ?? BING_DEFAULTS.toneStyle;
  return {
    arguments: [
      {
        source: 'cib',
        optionsSets: [...BASE_OPTION_SETS, ...TONE_OPTION_SETS[tone]],
        allowedMessageTypes: ['Chat', 'InternalSearchQuery', 'Disengaged', 'InternalLoaderMessage'],
        isStartOfSession: true,
        message: { author: 'user', inputMethod: 'Keyboard', text, messageType: 'Chat' },
        ...(description
          ? {
              previousMessages: [
                { author: 'user', description, contextType: 'WebPage', messageType: 'Context' },
              ],
            }
          : {}),
        conversationSignature: conversation.conversationSignature,
        participant: { id: conversation.clientId },
        conversationId: conversation.conversationId,
      },
    ],
    invocationId: String(BING_DEFAULTS.invocationId),
    target: 'chat',
    type: 4,
  };
}

/**
 * bingAI: Bing chat as the original product spoke to it (the `_U` cookie of BINGAI_TOKEN): a
 * conversation created over HTTP, then one invocation on the chat hub, a SignalR WebSocket whose
 * updates carry the whole text so far. Each turn is a new Bing conversation with the branch as
 * its context (transcript.ts); Sydney mode adds the system message. Bing counts no tokens.
 */
function createBingProvider(
  target: { host: string; token: string },
  opts: { idleTimeoutMs?: number | undefined } = {},
): ChatProvider {
  const host = target.host.replace(/\/+$/, '');
  const idleMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;

  async function* stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    const idle = idleWatch(idleMs, signal);
    const abortSignal = idle.signal;
    let ws: WebSocket | undefined;
    const stop = () => ws?.terminate();
    abortSignal.addEventListener('abort', stop);
    try {
      const res = await fetch(`${host}/turing/conversation/create`, {
        headers: { cookie: `_U=${target.token}`, accept: 'application/json' },
        signal: abortSignal,
      });
      const body = await res.text();
      if (!res.ok) {
        yield {
          type: 'error',
          error: fromStatus(res.status, body, undefined, Object.fromEntries(res.headers)),
        };
        return;
      }
      const created = JSON.parse(body) as {
        conversationId?: unknown;
        clientId?: unknown;
        conversationSignature?: unknown;
        result?: { value?: unknown; message?: unknown };
      };
      if (created.result?.value !== 'Success') {
        yield { type: 'error', error: resultError(created.result ?? {}) };
        return;
      }
      const conversation = {
        conversationId: String(created.conversationId),
        clientId: String(created.clientId),
        conversationSignature: String(created.conversationSignature),
      };

      const WebSocketClient = await wsLib.load();
      ws = new WebSocketClient(`${host.replace(/^http/, 'ws')}/sydney/ChatHub`);
      const records = hubRecords(ws);
      await new Promise<void>((resolve, reject) => {
        ws!.once('open', resolve);
        ws!.once('error', reject);
      });
      ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
      const shake = await records.next();
      if (!shake || shake instanceof Error) throw shake ?? new Error('socket closed during the handshake');
      ws.send(JSON.stringify(invocation(req, conversation)) + RS);

      let sent = '';
      for (;;) {
        const record = await records.next();
        if (signal.aborted) return;
        if (record === null) {
          yield {
            type: 'error',
            error: idle.timedOut
              ? mapProviderError(idle.signal.reason)
              : { code: 'upstream_error', message: 'The connection to the provider was lost mid-reply' },
          };
          return;
        }
        if (record instanceof Error) {
          yield { type: 'error', error: mapProviderError(record) };
          return;
        }
        idle.poke();
        if (record.type === 1) {
          const bot = record.arguments?.[0]?.messages?.[0];
          const text = typeof bot?.text === 'string' && bot.author === 'bot' ? bot.text : '';
          if (text.length > sent.length && text.startsWith(sent)) {
            yield { type: 'text', text: text.slice(sent.length) };
            sent = text;
          }
        } else if (record.type === 2) {
          const result = record.item?.result ?? {};
          if (result.value !== 'Success') {
            yield { type: 'error', error: resultError(result) };
            return;
          }
          const bot = record.item?.messages?.find((m) => m.author === 'bot');
          if (bot?.contentOrigin === 'Apology') {
            yield {
              type: 'error',
              error: { code: 'moderation', message: "Bing's safety system blocked the reply" },
            };
            return;
          }
          const full = typeof bot?.text === 'string' ? bot.text : sent;
          if (full.length > sent.length && full.startsWith(sent)) {
            yield { type: 'text', text: full.slice(sent.length) };
            sent = full;
          }
        } else if (record.type === 3) {
          const usage = { inputTokens: undefined, outputTokens: undefined };
          yield { type: 'usage', usage };
          yield { type: 'finish', finishReason: 'stop', usage };
          return;
        } else if (record.type === 7) {
          const said = typeof record.error === 'string' ? `: ${record.error}` : '';
          yield {
            type: 'error',
            error: { code: 'upstream_error', message: cut(`Bing closed the chat${said}`) },
          };
          return;
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      yield { type: 'error', error: mapProviderError(idle.timedOut ? idle.signal.reason : err) };
    } finally {
      idle.stop();
      abortSignal.removeEventListener('abort', stop);
      if (ws && ws.readyState !== ws.CLOSED) ws.close();
    }
  }

  return { stream, complete: completeFromStream(stream) };
}

export const bingAdapter: ProviderAdapter = {
  load: wsLib.load,
  chat: (_endpoint, credentials, opts) =>
    createBingProvider({ host: credentials.baseURL ?? BING_HOST, token: credentials.apiKey }, opts),
};
