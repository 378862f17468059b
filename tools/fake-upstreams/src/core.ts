/**
 * What every fake upstream shares, whatever protocol it speaks: the HTTP server, body parsing,
 * request recording, the script queue and the control routes, and the one flow of a chat request
 * (script → HTTP error, hang, stream or one-shot answer). A protocol adds its routes and its wire
 * format (server.ts: OpenAI and Azure, anthropic/, gemini/).
 *
 * Control routes (every fake): POST /__control/script (FakeScript or FakeScript[] body),
 * POST /__control/reset, GET /__control/requests (recorded requests, for tests in another process).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMultipart } from './audio.js';
import { estimatePromptTokens, isTitleRequest, type ChatMessage } from './messages.js';
import { tokenize } from './reply.js';
import { respondOnce, streamReply, type StreamWire } from './respond.js';
import { resolveScript } from './script.js';
import type {
  FakeErrorKind,
  FakeScript,
  FakeServer,
  FakeServerOptions,
  FakeStatus,
  RecordedRequest,
  ResolvedScript,
} from './types.js';
import { sendJson } from './wire.js';

const MAX_RECORDED = 100;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

class BadRequest extends Error {
  constructor(
    readonly status: 400 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** One API request, parsed. */
export interface FakeRequest {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A chat request in the terms every protocol shares. */
interface ChatTurn {
  messages: ChatMessage[];
  stream: boolean;
  model: string;
  /** A fresh id for this reply (`chatcmpl-fake000001`, `msg_fake000001`…), by the protocol's prefix. */
  id: string;
  promptTokens: number;
}

/** How one protocol answers a chat request; `serveChat` decides which answer. */
export interface ChatAnswers {
  /** An HTTP error of that status, in the protocol's envelope. */
  status(res: ServerResponse, status: FakeStatus): void;
  /**
   * The HTTP error of `error=<kind>`; false when the protocol answers that kind with a reply
   * instead (a moderation block: the reply then has no text and finishes with content_filter).
   */
  kind(res: ServerResponse, kind: FakeErrorKind): boolean;
  wire(script: ResolvedScript, turn: ChatTurn): StreamWire;
  /** The non-streaming answer's JSON body. */
  once(script: ResolvedScript, text: string, tokenCount: number, turn: ChatTurn): unknown;
}

export interface FakeProtocol {
  /** The SDK base URL's path under the origin ('/v1', '/v1beta'). */
  basePath: string;
  /** False when the request does not carry `apiKey` the protocol's way. */
  authorized(r: FakeRequest, apiKey: string): boolean;
  /** Answers a request `authorized` refused; default: `sendError` 401. */
  unauthorized?(r: FakeRequest): void;
  /** Answers a request the protocol's way; false when no route matched. */
  route(r: FakeRequest, fake: FakeContext): boolean;
  /** An error in the protocol's envelope (bad JSON, unknown route, failed auth). */
  sendError(res: ServerResponse, status: number, message?: string, r?: FakeRequest): void;
  /**
   * Adds what plain request routes cannot do (the Bing hub's WebSocket upgrade) to the server;
   * the returned close runs when the fake closes.
   */
  attach?(server: Server, fake: FakeContext): { close(): void };
}

/** What a protocol's routes use of the server they run in. */
export interface FakeContext {
  opts: FakeServerOptions;
  /** Answers a chat request with the script its text, the queue or the defaults choose. */
  serveChat(
    res: ServerResponse,
    turn: Omit<ChatTurn, 'id' | 'promptTokens'>,
    answers: ChatAnswers,
    prefix: string,
  ): void;
  /** The script of a chat outside `serveChat` (a WebSocket turn): directive, queue or defaults. */
  script(messages: ChatMessage[], stream: boolean): ResolvedScript;
  /** A fresh reply id with the protocol's prefix. */
  nextId(prefix: string): string;
  /** Keeps a request that did not come through the HTTP routes (a WebSocket message). */
  record(entry: Omit<RecordedRequest, 'at'>): void;
}

export async function startFakeServer(opts: FakeServerOptions, protocol: FakeProtocol): Promise<FakeServer> {
  const queue: FakeScript[] = [];
  const requests: RecordedRequest[] = [];
  let replyCounter = 0;

  const record = (req: IncomingMessage, path: string, body: unknown): void => {
    const url = req.url ?? path;
    requests.push({
      method: req.method ?? 'GET',
      path,
      url,
      body,
      headers: { ...req.headers },
      at: Date.now(),
    });
    if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
  };
  const reset = (): void => {
    queue.length = 0;
    requests.length = 0; // in place: callers may hold the `requests` array
  };

  const context: FakeContext = {
    opts,
    script: (messages, stream) => resolveScript(messages, stream, opts.defaults ?? {}, () => queue.shift()),
    nextId(prefix) {
      replyCounter++;
      return `${prefix}${String(replyCounter).padStart(6, '0')}`;
    },
    record(entry) {
      requests.push({ ...entry, at: Date.now() });
      if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
    },
    serveChat(res, chat, answers, prefix) {
      let script = resolveScript(chat.messages, chat.stream, opts.defaults ?? {}, () => queue.shift());
      const inStream = chat.stream && script.errorAfterTokens !== undefined;
      if (script.status !== undefined && !inStream) return answers.status(res, script.status);
      if (script.error !== undefined && answers.kind(res, script.error)) return;
      // A kind the protocol answers with a reply: a block of the prompt, nothing written.
      if (script.error !== undefined) script = { ...script, reply: '', finishReason: 'content_filter' };
      if (script.hang) return; // never answer; the socket 'close' is all that remains

      replyCounter++;
      const turn: ChatTurn = {
        ...chat,
        id: `${prefix}${String(replyCounter).padStart(6, '0')}`,
        promptTokens: estimatePromptTokens(chat.messages),
      };
      const tokens = tokenize(script.reply);
      if (chat.stream) {
        return streamReply(res, {
          script,
          tokens,
          wire: answers.wire(script, turn),
          onToken: opts.onTokenSent,
        });
      }
      if (script.errorAfterTokens !== undefined) return answers.status(res, script.status ?? 500);
      const answer = () =>
        respondOnce(res, script, tokens.length, () =>
          sendJson(res, 200, answers.once(script, tokens.join(''), tokens.length, turn)),
        );
      if (!opts.titleDelayMs || !isTitleRequest(chat.messages, false)) return answer();
      const timer = setTimeout(answer, opts.titleDelayMs);
      res.once('close', () => clearTimeout(timer));
    },
  };

  const control = async (req: IncomingMessage, res: ServerResponse, method: string, path: string) => {
    if (method === 'POST' && path === '/__control/script') {
      const body = await readJson(req);
      const scripts = Array.isArray(body) ? body : [body];
      if (!scripts.every(isObject)) throw new BadRequest(400, 'Body must be a FakeScript object or array.');
      queue.push(...(scripts as FakeScript[]));
      return sendJson(res, 200, { ok: true, queued: queue.length });
    }
    if (method === 'POST' && path === '/__control/reset') {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'GET' && path === '/__control/requests') return sendJson(res, 200, { requests });
    return protocol.sendError(res, 404, `Unknown control route: ${method} ${path}`);
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const [path = '/', search = ''] = (req.url ?? '/').split('?', 2);
    const method = req.method ?? 'GET';
    if (path.startsWith('/__control/')) return control(req, res, method, path);

    const body = method === 'POST' ? await readJson(req) : undefined;
    record(req, path, body);
    const r: FakeRequest = { req, res, method, path, query: new URLSearchParams(search), body };
    if (opts.apiKey !== undefined && !protocol.authorized(r, opts.apiKey)) {
      return protocol.unauthorized ? protocol.unauthorized(r) : protocol.sendError(res, 401, undefined, r);
    }
    if (!protocol.route(r, context)) protocol.sendError(res, 404, `Unknown route: ${method} ${path}`, r);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof BadRequest) protocol.sendError(res, err.status, err.message);
      else protocol.sendError(res, 500, err instanceof Error ? err.message : String(err));
    });
  });
  // Streams may legitimately stay silent for a long time (hang scripts); never time them out.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  const attached = protocol.attach?.(server, context);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: origin + protocol.basePath,
    origin,
    port,
    requests,
    enqueue: (script) => void queue.push(script),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        attached?.close();
        server.close(() => resolve());
        // Hung and streaming responses would keep close() waiting forever otherwise.
        server.closeAllConnections();
      }),
  };
}

function isObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest(413, 'Request body too large.');
    chunks.push(chunk);
  }
  const contentType = req.headers['content-type'] ?? '';
  // An upload (the audio API's transcriptions): its fields and what each file held.
  if (/^multipart\/form-data/i.test(contentType)) {
    try {
      return await readMultipart(Buffer.concat(chunks), contentType);
    } catch {
      throw new BadRequest(400, 'We could not parse the multipart body of your request.');
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  // An OAuth token request (the Gemini fake's Vertex /token): its fields as an object.
  if ((req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest(400, 'We could not parse the JSON body of your request.');
  }
}

/** A header's one value (the first of a repeated one). */
export function header(r: FakeRequest, name: string): string | undefined {
  const v = r.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
