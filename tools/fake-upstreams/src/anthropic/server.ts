/**
 * The fake Anthropic Messages API: POST /v1/messages (streamed as SSE events with `stream: true`,
 * else one message) and GET /v1/models, keyed by `x-api-key` (or a bearer token), with the
 * request checks the real API makes that an SDK could get wrong: the `anthropic-version` header,
 * `max_tokens`, and no trailing whitespace at the end of a prefilled assistant turn.
 */
import { header, startFakeServer, type FakeProtocol } from '../core.js';
import type { ChatMessage } from '../messages.js';
import type { FakeServer, FakeServerOptions } from '../types.js';
import { sendJson } from '../wire.js';
import { anthropicMessage, anthropicWire, sendAnthropicError, sendAnthropicKindError } from './wire.js';

const DEFAULT_MODELS = ['claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-3-haiku-20240307'];
const MODEL_CREATED_AT = '2024-10-22T00:00:00Z';

/** The text of a `content` (a string, or blocks whose `text` blocks count). */
function blocksText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b: unknown) => {
      const block = (b ?? {}) as { type?: unknown; text?: unknown };
      return block.type === 'text' && typeof block.text === 'string' ? block.text : '';
    })
    .filter(Boolean)
    .join('\n');
}

/**
 * The turns of one message. Anthropic answers tool calls inside a user message (tool_result
 * blocks); each is read as a `tool` turn, as OpenAI's protocol has it, so that the shared script
 * logic sees an agent's later step (and the user's words, if any, after them).
 */
function turnsOf(m: unknown): ChatMessage[] {
  const msg = (m ?? {}) as { role?: unknown; content?: unknown };
  const role = typeof msg.role === 'string' ? msg.role : '';
  const results = Array.isArray(msg.content)
    ? msg.content.filter((b: unknown) => (b as { type?: unknown } | null)?.type === 'tool_result')
    : [];
  if (results.length === 0) return [{ role, text: blocksText(msg.content) }];
  const tools = results.map((b: unknown) => ({
    role: 'tool',
    text: blocksText((b as { content?: unknown }).content),
  }));
  const text = blocksText(msg.content);
  return text ? [...tools, { role, text }] : tools;
}

/** `system` and `messages` as role + text pairs; undefined when `messages` is not an array. */
function readAnthropicMessages(body: Record<string, unknown>): ChatMessage[] | undefined {
  if (!Array.isArray(body.messages)) return undefined;
  const system = blocksText(body.system);
  const turns = body.messages.flatMap(turnsOf);
  return system ? [{ role: 'system', text: system }, ...turns] : turns;
}

/** What the real API refuses with 400 before answering; undefined when the request is fine. */
function invalid(
  body: Record<string, unknown>,
  version: string | undefined,
  messages: ChatMessage[] | undefined,
) {
  if (!version) return 'anthropic-version: header is required';
  if (!messages) return 'messages: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  const last = messages.at(-1);
  if (last?.role === 'assistant' && /\s$/.test(last.text)) {
    return 'messages: final assistant content cannot end with trailing whitespace';
  }
  return undefined;
}

const anthropic: FakeProtocol = {
  basePath: '/v1',
  authorized: (r, apiKey) =>
    header(r, 'x-api-key') === apiKey || header(r, 'authorization') === `Bearer ${apiKey}`,
  sendError: (res, status, message) => sendAnthropicError(res, status, message),
  route(r, fake) {
    if (r.method === 'GET' && r.path === '/v1/models') {
      const data = (fake.opts.models ?? DEFAULT_MODELS).map((id) => ({
        type: 'model',
        id,
        display_name: id,
        created_at: MODEL_CREATED_AT,
      }));
      sendJson(r.res, 200, {
        data,
        has_more: false,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
      });
      return true;
    }
    if (r.method !== 'POST' || r.path !== '/v1/messages') return false;
    const body = (r.body ?? {}) as Record<string, unknown>;
    const messages = readAnthropicMessages(body);
    const problem = invalid(body, header(r, 'anthropic-version'), messages);
    if (problem || !messages) {
      sendAnthropicError(r.res, 400, problem);
      return true;
    }
    const model = typeof body.model === 'string' ? body.model : 'claude-fake';
    fake.serveChat(
      r.res,
      { messages, stream: body.stream === true, model },
      {
        status: (res, status) => sendAnthropicError(res, status),
        kind: sendAnthropicKindError,
        wire: (script, turn) => anthropicWire({ id: turn.id, model, inputTokens: turn.promptTokens }, script),
        once: (script, text, tokenCount, turn) =>
          anthropicMessage({ id: turn.id, model, inputTokens: turn.promptTokens }, script, text, tokenCount),
      },
      'msg_fake',
    );
    return true;
  },
};

/** A fake Anthropic API; give an SDK `url` (http://127.0.0.1:PORT/v1) as its base URL. */
export function startFakeAnthropic(opts: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, anthropic);
}
