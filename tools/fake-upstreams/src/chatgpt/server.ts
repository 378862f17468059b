/**
 * The fake ChatGPT web backend (`chatGPTBrowser`): POST /backend-api/conversation with an access
 * token (`Authorization: Bearer`), `action: "next"`, `messages` (author.role + content.parts),
 * `parent_message_id`, optional `conversation_id` and `model`. It answers server-sent events, each
 * carrying the assistant message with ALL its text so far in `content.parts[0]` (not a delta),
 * `status` in_progress until the last, then `data: [DONE]`. Errors are `{ "detail": … }` bodies.
 */
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { header, startFakeServer, type ChatAnswers, type FakeProtocol } from '../core.js';
import type { ChatMessage } from '../messages.js';
import type { StreamWire } from '../respond.js';
import type { FakeErrorKind, FakeServer, FakeServerOptions, FakeStatus } from '../types.js';
import { sendJson } from '../wire.js';

const DETAILS: Record<number, string> = {
  400: 'Bad request.',
  401: 'Your authentication token has expired. Please try signing in again.',
  403: 'Access denied.',
  404: 'Not found.',
  413: 'Request body too large.',
  429: 'Too many requests in 1 hour. Try again later.',
  500: 'Something went wrong. If this issue persists please contact us through our help center.',
  503: 'The server is overloaded. Please try again later.',
  529: 'The server is overloaded. Please try again later.',
};
const KIND_DETAILS: Record<FakeErrorKind, { status: number; detail: string }> = {
  quota: { status: 429, detail: 'You have reached the current usage cap. Please try again later.' },
  context: {
    status: 413,
    detail:
      'The message you submitted was too long, please reload the conversation and submit something shorter.',
  },
  moderation: { status: 400, detail: 'This content may violate our content policy.' },
};

function sendDetail(res: ServerResponse, status: number, detail?: string): void {
  sendJson(res, status, { detail: detail ?? DETAILS[status] ?? 'Error.' });
}

/** The request's messages as role + text (content.parts joined). */
function readWebMessages(raw: unknown): ChatMessage[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map((m: unknown) => {
    const msg = (m ?? {}) as { author?: { role?: unknown }; content?: { parts?: unknown } };
    const parts = Array.isArray(msg.content?.parts) ? msg.content.parts : [];
    return {
      role: typeof msg.author?.role === 'string' ? msg.author.role : '',
      text: parts.filter((p): p is string => typeof p === 'string').join('\n'),
    };
  });
}

function webWire(conversationId: string, messageId: string, model: string, finish: string): StreamWire {
  let text = '';
  const event = (status: string, endTurn: boolean | null, finishDetails: unknown) =>
    `data: ${JSON.stringify({
      message: {
        id: messageId,
        author: { role: 'assistant', name: null, metadata: {} },
        create_time: Date.now() / 1000,
        update_time: null,
        content: { content_type: 'text', parts: [text] },
        status,
        end_turn: endTurn,
        weight: 1,
        metadata: { message_type: 'next', model_slug: model, finish_details: finishDetails },
        recipient: 'all',
      },
      conversation_id: conversationId,
      error: null,
    })}\n\n`;
  return {
    head: () => '',
    token(t) {
      text += t;
      return event('in_progress', null, null);
    },
    malformed: () => 'data: {"message": {"id": "broken", "content": {"par\n\n',
    error: (status) =>
      `data: ${JSON.stringify({ message: null, conversation_id: conversationId, error: DETAILS[status] ?? 'Error.' })}\n\n`,
    tail: () =>
      event(
        'finished_successfully',
        true,
        finish === 'length' ? { type: 'max_tokens' } : { type: 'stop', stop: '<|im_end|>' },
      ) + 'data: [DONE]\n\n',
  };
}

const chatgpt: FakeProtocol = {
  basePath: '/backend-api',
  authorized: (r, apiKey) => header(r, 'authorization') === `Bearer ${apiKey}`,
  sendError: (res, status, message) => sendDetail(res, status, message),
  route(r, fake) {
    if (r.method !== 'POST' || r.path !== '/backend-api/conversation') return false;
    const b = (r.body ?? {}) as Record<string, unknown>;
    const messages = readWebMessages(b.messages);
    if (b.action !== 'next' || !messages || typeof b.parent_message_id !== 'string') {
      sendDetail(r.res, 400, 'action "next", messages and parent_message_id are required.');
      return true;
    }
    const model = typeof b.model === 'string' ? b.model : 'text-davinci-002-render-sha';
    const conversationId = typeof b.conversation_id === 'string' ? b.conversation_id : randomUUID();
    const answers: ChatAnswers = {
      status: (res, status: FakeStatus) => sendDetail(res, status),
      kind: (res, kind) => (sendDetail(res, KIND_DETAILS[kind].status, KIND_DETAILS[kind].detail), true),
      wire: (script) => webWire(conversationId, randomUUID(), model, script.finishReason),
      once: () => ({ detail: 'The web backend only streams.' }),
    };
    // The backend always streams.
    fake.serveChat(r.res, { messages, stream: true, model }, answers, 'chatgpt-');
    return true;
  },
};

/** The fake ChatGPT web backend; its base URL (`…/backend-api`) is what CHATGPT_REVERSE_PROXY's path ends in. */
export function startFakeChatGPTWeb(opts: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, chatgpt);
}
