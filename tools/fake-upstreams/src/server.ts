/**
 * The HTTP server: routing, auth, body parsing, request recording and the control endpoints.
 * Hand-written on node:http so it has no dependencies and starts in a few milliseconds.
 *
 * Routes: GET /v1/models, POST /v1/chat/completions,
 *         POST /__control/script (FakeScript or FakeScript[] body), POST /__control/reset,
 *         GET /__control/requests (recorded requests, for tests running in another process).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { estimatePromptTokens, isTitleRequest, readMessages } from './messages.js';
import { tokenize } from './reply.js';
import { respondOnce, streamCompletion } from './respond.js';
import { resolveScript } from './script.js';
import type { FakeOpenAIOptions, FakeOpenAIServer, FakeScript, RecordedRequest } from './types.js';
import { sendError, sendJson } from './wire.js';

const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo', 'fake-echo'];
const MAX_RECORDED = 100;
const MAX_BODY_BYTES = 16 * 1024 * 1024;
// Fixed so /v1/models is byte-identical across runs.
const MODEL_CREATED = 1_700_000_000;

class BadRequest extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  const queue: FakeScript[] = [];
  const requests: RecordedRequest[] = [];
  const models = opts.models ?? DEFAULT_MODELS;
  let completionCounter = 0;

  const record = (req: IncomingMessage, path: string, body: unknown): void => {
    requests.push({ method: req.method ?? 'GET', path, body, headers: { ...req.headers }, at: Date.now() });
    if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
  };
  const reset = (): void => {
    queue.length = 0;
    requests.length = 0; // in place: callers may hold the `requests` array
  };

  const handleChat = (res: ServerResponse, body: unknown): void => {
    const b = (body ?? {}) as Record<string, unknown>;
    const messages = readMessages(b.messages);
    if (!messages) return sendError(res, 400, "'messages' must be an array.");
    const stream = b.stream === true;
    const script = resolveScript(messages, stream, opts.defaults ?? {}, () => queue.shift());
    if (script.status !== undefined) return sendError(res, script.status);
    if (script.hang) return; // never answer; the socket 'close' is all that remains

    completionCounter++;
    const job = {
      meta: {
        id: `chatcmpl-fake${String(completionCounter).padStart(6, '0')}`,
        created: Math.floor(Date.now() / 1000),
        model: typeof b.model === 'string' ? b.model : 'fake-echo',
      },
      script,
      tokens: tokenize(script.reply),
      promptTokens: estimatePromptTokens(messages),
      includeUsage: (b.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true,
      onToken: opts.onTokenSent,
    };
    if (stream) streamCompletion(res, job);
    else if (opts.titleDelayMs && isTitleRequest(messages, stream)) {
      const timer = setTimeout(() => respondOnce(res, job), opts.titleDelayMs);
      res.once('close', () => clearTimeout(timer));
    } else respondOnce(res, job);
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';

    if (path.startsWith('/__control/')) {
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
      return sendError(res, 404, `Unknown control route: ${method} ${path}`);
    }

    const body = method === 'POST' ? await readJson(req) : undefined;
    record(req, path, body);
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return sendError(res, 401);
    }
    if (method === 'GET' && path === '/v1/models') {
      const data = models.map((id) => ({
        id,
        object: 'model',
        created: MODEL_CREATED,
        owned_by: 'fake-upstreams',
      }));
      return sendJson(res, 200, { object: 'list', data });
    }
    if (method === 'POST' && path === '/v1/chat/completions') return handleChat(res, body);
    return sendError(res, 404, `Unknown route: ${method} ${path}`);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof BadRequest) sendError(res, err.status, err.message);
      else sendError(res, 500, err instanceof Error ? err.message : String(err));
    });
  });
  // Streams may legitimately stay silent for a long time (hang scripts); never time them out.
  server.requestTimeout = 0;
  server.headersTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host ?? '127.0.0.1';
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    requests,
    enqueue: (script) => void queue.push(script),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
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
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest(400, 'We could not parse the JSON body of your request.');
  }
}
