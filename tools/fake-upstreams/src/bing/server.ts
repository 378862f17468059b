/**
 * The fake Bing chat (`bingAI`), as the original product spoke to it:
 *   GET /turing/conversation/create, keyed by the `_U` cookie → { conversationId, clientId,
 *     conversationSignature, result: { value: "Success" } } (a bad cookie: 200 with result.value
 *     "UnauthorizedRequest", as Bing answered);
 *   the chat hub, a WebSocket at /sydney/ChatHub speaking SignalR's JSON protocol: records end in
 *     \x1e; the handshake {"protocol":"json","version":1} is answered {}; {"type":6} pings are
 *     echoed; an invocation {type:4, target:"chat", invocationId, arguments:[{ message: { text },
 *     optionsSets, previousMessages?, conversationSignature, participant, conversationId }]} is
 *     answered with type 1 "update" records carrying the bot message with ALL its text so far,
 *     then a type 2 record with the whole exchange and `result` (Success, Throttled,
 *     UnauthorizedRequest, InvalidRequest…), then type 3 (the invocation is done).
 * Directives and queued scripts work as on the other fakes, read from the message's text; the
 * context of previousMessages is the system part of the turn.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { header, startFakeServer, type FakeContext, type FakeProtocol } from '../core.js';
import type { ChatMessage } from '../messages.js';
import { tokenize } from '../reply.js';
import type { FakeServer, FakeServerOptions, ResolvedScript } from '../types.js';
import { sendJson } from '../wire.js';

const RECORD_SEPARATOR = '\x1e';
const CHAT_HUB_PATH = '/sydney/ChatHub';

/** The `_U` cookie's value in a Cookie header. */
function userCookie(cookie: string | undefined): string | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === '_U') return rest.join('=');
  }
  return undefined;
}

/** What an error directive is answered with in the final record's `result`. */
const RESULTS: Record<number, { value: string; message: string }> = {
  400: { value: 'InvalidRequest', message: 'The request is invalid.' },
  401: { value: 'UnauthorizedRequest', message: 'Sorry, you need to login first to access this service.' },
  403: { value: 'Forbidden', message: 'Sorry, you are not allowed to access this service.' },
  429: { value: 'Throttled', message: 'Request is throttled.' },
  500: { value: 'InternalError', message: 'An internal error occurred.' },
  503: { value: 'ServiceUnavailable', message: 'The service is unavailable.' },
  529: { value: 'ServiceUnavailable', message: 'The service is overloaded.' },
};
const KIND_RESULTS = {
  quota: { value: 'Throttled', message: "You've reached the conversation limit for today." },
  context: { value: 'InvalidRequest', message: 'The message is too long.' },
} as const;
const APOLOGY = "Sorry! That's on me, I can't give a response to that right now.";

interface Invocation {
  type: 4;
  target: string;
  invocationId: string;
  arguments: {
    message?: { text?: unknown };
    conversationSignature?: unknown;
    conversationId?: unknown;
    participant?: { id?: unknown };
    previousMessages?: { description?: unknown }[];
    optionsSets?: unknown;
  }[];
}

const encode = (record: unknown) => JSON.stringify(record) + RECORD_SEPARATOR;

/** The records of one WebSocket message (SignalR may put several in one). */
function records(data: string): unknown[] {
  return data
    .split(RECORD_SEPARATOR)
    .filter((r) => r.trim())
    .map((r) => {
      try {
        return JSON.parse(r) as unknown;
      } catch {
        return undefined;
      }
    });
}

/** One invocation on the hub: the updates, the final record and the completion. */
function answer(ws: WebSocket, inv: Invocation, script: ResolvedScript, userText: string, id: string): void {
  const args = inv.arguments[0] ?? {};
  const conversationId = typeof args.conversationId === 'string' ? args.conversationId : '';
  const send = (record: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(encode(record));
  };
  const final = (bot: Record<string, unknown> | null, result: { value: string; message?: string }) => {
    const messages: unknown[] = [{ text: userText, author: 'user', messageId: randomUUID() }];
    if (bot) messages.push(bot);
    send({
      type: 2,
      invocationId: inv.invocationId,
      item: {
        messages,
        firstNewMessageIndex: 1,
        conversationId,
        requestId: id,
        conversationExpiryTime: new Date(Date.now() + 6 * 3600_000).toISOString(),
        throttling: { maxNumUserMessagesInConversation: 30, numUserMessagesInConversation: 1 },
        result: result.value === 'Success' ? { value: 'Success', serviceVersion: 'fake' } : result,
      },
    });
    send({ type: 3, invocationId: inv.invocationId });
  };

  if (script.status !== undefined && script.errorAfterTokens === undefined) {
    return final(null, RESULTS[script.status] ?? RESULTS[500]!);
  }
  if (script.error === 'quota' || script.error === 'context') return final(null, KIND_RESULTS[script.error]);
  if (script.error === 'moderation') {
    return final(
      { text: APOLOGY, author: 'bot', messageId: id, contentOrigin: 'Apology' },
      { value: 'Success' },
    );
  }
  if (script.hang) return;

  const tokens = tokenize(script.reply);
  const interval = script.tokensPerSecond > 0 ? 1000 / script.tokensPerSecond : 0;
  const stopAt = (n: number | undefined) => (n === undefined ? undefined : Math.min(n, tokens.length));
  const failAt = stopAt(script.failAfterTokens);
  const hangAt = stopAt(script.hangAfterTokens);
  const malformedAt = stopAt(script.malformedAfterTokens);
  const errorAt = stopAt(script.errorAfterTokens);
  let i = 0;
  let text = '';
  const step = () => {
    if (ws.readyState !== ws.OPEN) return;
    if (i === failAt) return void ws.terminate();
    if (i === hangAt) return;
    if (i === errorAt) return final(null, RESULTS[script.status ?? 500] ?? RESULTS[500]!);
    if (i === malformedAt) ws.send('{"type":1,"target":"upd' + RECORD_SEPARATOR);
    if (i >= tokens.length) {
      const bot = { text, author: 'bot', messageId: id, contentOrigin: 'DeepLeo' };
      return final(script.finishReason === 'content_filter' ? { ...bot, contentOrigin: 'Apology' } : bot, {
        value: 'Success',
      });
    }
    text += tokens[i]!;
    i++;
    send({
      type: 1,
      target: 'update',
      arguments: [{ messages: [{ text, author: 'bot', messageId: id }], requestId: id }],
    });
    setTimeout(step, interval);
  };
  step();
}

function hub(fake: FakeContext, ws: WebSocket, req: IncomingMessage): void {
  let shook = false;
  ws.on('message', (raw) => {
    const data = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
    for (const record of records(data)) {
      const r = (record ?? {}) as { protocol?: unknown; type?: unknown };
      if (!shook) {
        if (r.protocol === 'json') {
          shook = true;
          ws.send(encode({}));
        } else ws.close(1002, 'handshake expected');
        continue;
      }
      if (r.type === 6) {
        ws.send(encode({ type: 6 }));
        continue;
      }
      if (r.type !== 4) continue;
      const inv = record as Invocation;
      fake.record({
        method: 'WS',
        path: CHAT_HUB_PATH,
        url: req.url ?? CHAT_HUB_PATH,
        body: inv,
        headers: { ...req.headers },
      });
      const args = inv.arguments?.[0];
      const text = args?.message?.text;
      if (
        inv.target !== 'chat' ||
        typeof text !== 'string' ||
        typeof args?.conversationSignature !== 'string' ||
        typeof args.conversationId !== 'string' ||
        typeof args.participant?.id !== 'string'
      ) {
        ws.send(
          encode({
            type: 2,
            invocationId: inv.invocationId,
            item: {
              result: {
                value: 'InvalidRequest',
                message:
                  'message.text, conversationId, conversationSignature and participant.id are required',
              },
            },
          }),
        );
        continue;
      }
      const context = (args.previousMessages ?? [])
        .map((m) => (typeof m.description === 'string' ? m.description : ''))
        .filter(Boolean)
        .join('\n\n');
      const messages: ChatMessage[] = [
        ...(context ? [{ role: 'system', text: context }] : []),
        { role: 'user', text },
      ];
      answer(ws, inv, fake.script(messages, true), text, fake.nextId('bing-'));
    }
  });
}

const bing: FakeProtocol = {
  basePath: '',
  authorized: (r, apiKey) => userCookie(header(r, 'cookie')) === apiKey,
  unauthorized: (r) =>
    sendJson(r.res, 200, {
      result: {
        value: 'UnauthorizedRequest',
        message: 'Sorry, you need to login first to access this service.',
      },
    }),
  sendError: (res, status, message) =>
    sendJson(res, status, { result: { value: 'Error', message: message ?? 'Error' } }),
  route(r) {
    if (r.method !== 'GET' || r.path !== '/turing/conversation/create') return false;
    sendJson(r.res, 200, {
      conversationId: `51D|BingProdUnAuthenticatedUsers|${randomUUID()}`,
      clientId: String(Date.now()),
      conversationSignature: randomUUID().replaceAll('-', ''),
      result: { value: 'Success', message: null },
    });
    return true;
  },
  attach(server, fake) {
    const wss = new WebSocketServer({ noServer: true });
    server.on('upgrade', (req, socket, head) => {
      const path = (req.url ?? '').split('?')[0];
      // The hub trusts the conversation's signature, as Bing's did; the cookie only gates create.
      if (path !== CHAT_HUB_PATH || req.headers.upgrade?.toLowerCase() !== 'websocket') {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => hub(fake, ws, req));
    });
    return {
      close() {
        for (const ws of wss.clients) ws.terminate();
        wss.close();
      },
    };
  },
};

/**
 * The fake Bing chat. Its `url` is the host to give as BINGAI_HOST (http://127.0.0.1:PORT): the
 * conversation is created there and the hub is its ws:// twin.
 */
export function startFakeBing(opts: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, bing);
}
