/**
 * The fake OpenAI server, which also answers Azure OpenAI's paths (the same Chat Completions
 * protocol under a deployment, keyed by `api-key`). Hand-written on node:http (core.ts) so it has
 * no dependencies and starts in a few milliseconds.
 *
 * Routes: GET /v1/models, POST /v1/chat/completions, POST /v1/completions (legacy, `prompt`),
 *         POST /openai/deployments/{deployment}/chat/completions?api-version=… (Azure),
 *         POST /openai/v1/chat/completions (Azure's v1 API), POST /v1/images/generations
 *         (images.ts), POST /v1/audio/speech and /v1/audio/transcriptions (audio.ts; also under
 *         an Azure deployment with api-version), POST /v1/embeddings (embeddings.ts), and the
 *         control routes of core.ts.
 */
import type { ServerResponse } from 'node:http';
import { header, startFakeServer, type ChatAnswers, type FakeProtocol, type FakeRequest } from './core.js';
import { promptMessages, textCompletionBody, textCompletionWire } from './completions.js';
import { serveSpeech, serveTranscription } from './audio.js';
import { serveEmbeddings } from './embeddings.js';
import { serveFakeImage, serveImageGeneration } from './images.js';
import { isTitleRequest, readMessages } from './messages.js';
import type { FakeOpenAIOptions, FakeOpenAIServer } from './types.js';
import {
  completionBody,
  openAIWire,
  sendError,
  sendJson,
  sendKindError,
  titleFunctionOf,
  usageOf,
} from './wire.js';

const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo', 'fake-echo'];
// Fixed so /v1/models is byte-identical across runs.
const MODEL_CREATED = 1_700_000_000;

const AZURE_DEPLOYMENT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;
const AZURE_V1 = '/openai/v1/chat/completions';
const AZURE_AUDIO = /^\/openai\/deployments\/[^/]+\/audio\/(speech|transcriptions)$/;
const isAzure = (r: FakeRequest | undefined) => r?.path.startsWith('/openai/') === true;

/** Azure's own error bodies where they differ from OpenAI's: `{ error: { code, message } }`. */
const AZURE_ERRORS: Record<number, string> = {
  401:
    'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a ' +
    'valid key for an active subscription and use a correct regional API endpoint for your resource.',
  404: 'Resource not found',
  429:
    'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 ' +
    'have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 1 second.',
};

function sendAzureError(res: ServerResponse, status: number, message?: string): void {
  const known = AZURE_ERRORS[status];
  if (!known) return sendError(res, status, message);
  const headers: Record<string, string> = status === 429 ? { 'retry-after': '1' } : {};
  sendJson(res, status, { error: { code: String(status), message: message ?? known } }, headers);
}

/** Azure's first chunk: no choices, only the prompt's content-filter results. */
const AZURE_PROMPT_FILTER_CHUNK =
  'data: {"choices":[],"created":0,"id":"","model":"","object":"","prompt_filter_results":' +
  '[{"prompt_index":0,"content_filter_results":{"hate":{"filtered":false,"severity":"safe"}}}]}\n\n';

/** `titleFunction`: a title request's function to answer with a call of (titleMethod: functions). */
function chatAnswers(azure: boolean, includeUsage: boolean, titleFunction?: string): ChatAnswers {
  const meta = (turn: { id: string; model: string }) => ({
    id: turn.id,
    created: Math.floor(Date.now() / 1000),
    model: turn.model,
  });
  return {
    status: (res, status) => (azure ? sendAzureError(res, status) : sendError(res, status)),
    kind: (res, kind) => (sendKindError(res, kind), true),
    wire(script, turn) {
      const wire = openAIWire(meta(turn), script, { includeUsage, promptTokens: turn.promptTokens });
      return azure ? { ...wire, head: () => AZURE_PROMPT_FILTER_CHUNK + wire.head() } : wire;
    },
    once: (script, text, tokenCount, turn) =>
      completionBody(
        meta(turn),
        titleFunction ? '' : text,
        script.finishReason,
        usageOf(turn.promptTokens, tokenCount),
        titleFunction
          ? [{ name: titleFunction, arguments: JSON.stringify({ title: text }) }]
          : script.toolCalls,
      ),
  };
}

/** The legacy Completions API's answers (`text_completion`), for `forcePrompt` endpoints. */
function textAnswers(includeUsage: boolean): ChatAnswers {
  const meta = (turn: { id: string; model: string }) => ({
    id: turn.id,
    created: Math.floor(Date.now() / 1000),
    model: turn.model,
  });
  return {
    status: (res, status) => sendError(res, status),
    kind: (res, kind) => (sendKindError(res, kind), true),
    wire: (script, turn) =>
      textCompletionWire(meta(turn), script, { includeUsage, promptTokens: turn.promptTokens }),
    once: (script, text, tokenCount, turn) =>
      textCompletionBody(meta(turn), text, script.finishReason, usageOf(turn.promptTokens, tokenCount)),
  };
}

const openAI: FakeProtocol = {
  basePath: '/v1',
  authorized(r, apiKey) {
    if (!isAzure(r)) return header(r, 'authorization') === `Bearer ${apiKey}`;
    return header(r, 'api-key') === apiKey || header(r, 'authorization') === `Bearer ${apiKey}`;
  },
  /**
   * A wrong key: OpenAI's 401 quotes the key it refused ("Incorrect API key provided: sk-…"; the
   * real API masks its middle, this one quotes it whole, so a test sees any leak of it).
   */
  unauthorized(r) {
    if (isAzure(r)) return sendAzureError(r.res, 401);
    const presented = (header(r, 'authorization') ?? '').replace(/^Bearer\s+/i, '');
    sendError(
      r.res,
      401,
      `Incorrect API key provided: ${presented}. You can find your API key at ` +
        'https://platform.openai.com/account/api-keys.',
    );
  },
  sendError: (res, status, message, r) =>
    // Azure answers an unknown path (or one without api-version) with its plain "Resource not found".
    isAzure(r)
      ? sendAzureError(res, status, status === 404 ? undefined : message)
      : sendError(res, status, message),
  route(r, fake) {
    if (r.method === 'GET' && r.path === '/v1/models') {
      const data = (fake.opts.models ?? DEFAULT_MODELS).map((id) => ({
        id,
        object: 'model',
        created: MODEL_CREATED,
        owned_by: 'fake-upstreams',
      }));
      sendJson(r.res, 200, { object: 'list', data });
      return true;
    }
    if (r.method === 'GET' && /^\/__images\/[\w-]+\.png$/.test(r.path)) {
      serveFakeImage(r.res);
      return true;
    }
    if (r.method !== 'POST') return false;
    if (r.path === '/v1/completions') {
      const b = (r.body ?? {}) as Record<string, unknown>;
      if (typeof b.prompt !== 'string') {
        sendError(r.res, 400, "'prompt' must be a string.");
        return true;
      }
      const includeUsage =
        (b.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
      fake.serveChat(
        r.res,
        {
          messages: promptMessages(b.prompt),
          stream: b.stream === true,
          model: typeof b.model === 'string' ? b.model : 'fake-echo',
        },
        textAnswers(includeUsage),
        'cmpl-fake',
      );
      return true;
    }
    if (r.path === '/v1/embeddings') {
      serveEmbeddings(r.res, r.body);
      return true;
    }
    if (r.path === '/v1/images/generations') {
      const host = header(r, 'host') ?? '127.0.0.1';
      serveImageGeneration(r.res, r.body, `http://${host}`);
      return true;
    }
    const audio =
      r.path === '/v1/audio/speech' || r.path === '/v1/audio/transcriptions'
        ? r.path.slice('/v1/audio/'.length)
        : AZURE_AUDIO.exec(r.path)?.[1];
    if (audio !== undefined) {
      if (r.path.startsWith('/openai/') && !r.query.get('api-version')) return false; // Azure: 404
      if (audio === 'speech') serveSpeech(r.res, r.body);
      else serveTranscription(r.res, r.body);
      return true;
    }
    const deployment = AZURE_DEPLOYMENT.exec(r.path)?.[1];
    if (deployment !== undefined && !r.query.get('api-version')) return false; // Azure: 404
    if (r.path !== '/v1/chat/completions' && r.path !== AZURE_V1 && deployment === undefined) return false;

    const b = (r.body ?? {}) as Record<string, unknown>;
    const messages = readMessages(b.messages);
    if (!messages) {
      sendError(r.res, 400, "'messages' must be an array.");
      return true;
    }
    const includeUsage =
      (b.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    const model = deployment
      ? decodeURIComponent(deployment)
      : typeof b.model === 'string'
        ? b.model
        : 'fake-echo';
    const stream = b.stream === true;
    const titleFunction = isTitleRequest(messages, stream) ? titleFunctionOf(b.tools) : undefined;
    fake.serveChat(
      r.res,
      { messages, stream, model },
      chatAnswers(isAzure(r), includeUsage, titleFunction),
      'chatcmpl-fake',
    );
    return true;
  },
};

export function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  return startFakeServer(opts, openAI);
}
