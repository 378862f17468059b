/**
 * The fake Gemini API: POST /v1beta/models/{model}:streamGenerateContent?alt=sse and
 * :generateContent, GET /v1beta/models, keyed by `x-goog-api-key` (or `?key=`). As the real API:
 * no key is 403 PERMISSION_DENIED, a wrong key is 400 with reason API_KEY_INVALID.
 *
 * With `vertex` options, Vertex AI too: POST /token (a service account's JWT-bearer grant,
 * vertex.ts) and POST /v1/projects/{project}/locations/{location}/publishers/google/models/
 * {model}:streamGenerateContent?alt=sse and :generateContent, which require
 * `Authorization: Bearer` with a token /token issued (else 401 UNAUTHENTICATED).
 */
import { header, startFakeServer, type FakeContext, type FakeProtocol, type FakeRequest } from '../core.js';
import type { ChatMessage } from '../messages.js';
import type { FakeServer, FakeServerOptions } from '../types.js';
import { sendJson } from '../wire.js';
import { vertexAuth, type FakeVertexOptions } from './vertex.js';
import { geminiResponse, geminiWire, sendBadKey, sendGeminiError, sendGeminiKindError } from './wire.js';

export type { FakeVertexOptions } from './vertex.js';

export interface FakeGeminiOptions extends FakeServerOptions {
  /** Serve Vertex AI too: its token endpoint and routes (see above). */
  vertex?: FakeVertexOptions;
}

const DEFAULT_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-pro', 'chat-bison-001'];
const GENERATE = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;
const VERTEX_GENERATE =
  /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

/** The text of a Content's parts (its `text` parts joined). */
function partsText(content: unknown): string {
  const parts = (content as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts)) return '';
  return parts
    .map((p: unknown) => (p as { text?: unknown } | null)?.text)
    .filter((t): t is string => typeof t === 'string' && t !== '')
    .join('\n');
}

/** What a functionResponse part answered: its `content` text, else its whole response as JSON. */
function responseText(part: unknown): string | undefined {
  const fr = (part as { functionResponse?: unknown } | null)?.functionResponse;
  if (fr === null || typeof fr !== 'object') return undefined;
  const response = (fr as { response?: unknown }).response;
  const content = (response as { content?: unknown } | null)?.content;
  return typeof content === 'string' ? content : JSON.stringify(response ?? null);
}

/**
 * The turns of one Content ('model' is the assistant). Gemini answers function calls in a user
 * Content of functionResponse parts; each is read as a `tool` turn, as OpenAI's protocol has it,
 * so that the shared script logic sees an agent's later step.
 */
function turnsOf(c: unknown): ChatMessage[] {
  const role = (c as { role?: unknown } | null)?.role === 'model' ? 'assistant' : 'user';
  const parts = (c as { parts?: unknown } | null)?.parts;
  const results = Array.isArray(parts)
    ? parts.map(responseText).filter((t): t is string => t !== undefined)
    : [];
  const text = partsText(c);
  if (results.length === 0) return [{ role, text }];
  const tools = results.map((t) => ({ role: 'tool', text: t }));
  return text ? [...tools, { role, text }] : tools;
}

/** systemInstruction and contents as role + text pairs. */
function readGeminiContents(body: Record<string, unknown>): ChatMessage[] | undefined {
  if (!Array.isArray(body.contents) || body.contents.length === 0) return undefined;
  const system = partsText(body.systemInstruction);
  const turns = body.contents.flatMap(turnsOf);
  return system ? [{ role: 'system', text: system }, ...turns] : turns;
}

const keyOf = (r: Parameters<FakeProtocol['authorized']>[0]) =>
  header(r, 'x-goog-api-key') ?? r.query.get('key') ?? undefined;

/** A generateContent request (either API's path): the shared chat flow, Gemini's wire. */
function generate(r: FakeRequest, fake: FakeContext, model: string, method: string | undefined): true {
  const stream = method === 'streamGenerateContent';
  if (stream && r.query.get('alt') !== 'sse') {
    sendGeminiError(r.res, 400, 'The fake streams only as server-sent events (alt=sse).');
    return true;
  }
  const body = (r.body ?? {}) as Record<string, unknown>;
  const messages = readGeminiContents(body);
  if (!messages) {
    sendGeminiError(r.res, 400, '* GenerateContentRequest.contents: contents is not specified\n');
    return true;
  }
  const meta = (id: string, promptTokens: number) => ({
    responseId: id,
    modelVersion: model,
    promptTokens,
  });
  fake.serveChat(
    r.res,
    { messages, stream, model },
    {
      status: (res, status) => sendGeminiError(res, status),
      kind: sendGeminiKindError,
      wire: (script, turn) => geminiWire(meta(turn.id, turn.promptTokens), script),
      once: (script, text, tokenCount, turn) =>
        geminiResponse(meta(turn.id, turn.promptTokens), script, text, tokenCount),
    },
    'fake-response-',
  );
  return true;
}

function geminiProtocol(opts: FakeGeminiOptions): FakeProtocol {
  const vertex = opts.vertex ? vertexAuth(opts.vertex) : undefined;
  const isVertex = (r: FakeRequest) =>
    vertex !== undefined && (r.path === '/token' || r.path.startsWith('/v1/projects/'));
  return {
    basePath: '/v1beta',
    // Vertex AI's routes check their own credentials (a service account's token), not the key.
    authorized: (r, apiKey) => isVertex(r) || keyOf(r) === apiKey,
    unauthorized(r) {
      if (keyOf(r) !== undefined) return sendBadKey(r.res);
      sendGeminiError(
        r.res,
        403,
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    },
    sendError: (res, status, message) => sendGeminiError(res, status, message),
    route(r, fake) {
      if (vertex && r.method === 'POST' && r.path === '/token') {
        vertex.token(r);
        return true;
      }
      const onVertex = vertex && r.method === 'POST' ? VERTEX_GENERATE.exec(r.path) : null;
      if (vertex && onVertex) {
        if (!vertex.authorized(r)) {
          sendGeminiError(
            r.res,
            401,
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          );
          return true;
        }
        return generate(r, fake, onVertex[1] ?? '', onVertex[2]);
      }
      if (r.method === 'GET' && r.path === '/v1beta/models') {
        const models = (fake.opts.models ?? DEFAULT_MODELS).map((id) => ({
          name: `models/${id}`,
          version: '001',
          displayName: id,
          inputTokenLimit: 1_048_576,
          outputTokenLimit: 8192,
          supportedGenerationMethods: id.startsWith('chat-bison')
            ? ['generateMessage', 'countMessageTokens']
            : ['generateContent', 'countTokens'],
        }));
        sendJson(r.res, 200, { models });
        return true;
      }
      const match = r.method === 'POST' ? GENERATE.exec(r.path) : null;
      return match ? generate(r, fake, match[1] ?? '', match[2]) : false;
    },
  };
}

/**
 * A fake Gemini API; give an SDK `url` (http://127.0.0.1:PORT/v1beta) as its base URL. With
 * `vertex`, `{origin}/token` is the service account's token_uri and `{origin}` Vertex AI's origin.
 */
export function startFakeGemini(opts: FakeGeminiOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, geminiProtocol(opts));
}
