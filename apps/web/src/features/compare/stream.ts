import type { QueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  fillRoutePath,
  isErrorEvent,
  isFinalEvent,
  isResumedEvent,
  type Message,
} from '@chat/contract';
import { requestOf } from '../../api/call';
import { ApiError, apiFetch } from '../../api/http';
import { fetchMessages, updateMessagesCache } from '../../api/messages';
import { parseStreamEvent, streamSse } from '../../api/sse';
import { getTurn, patchTurn, removeTurn } from './store';

/** The second model's reply of a compared send streams from the resume route's index 1. */
function addedPath(conversationId: string): string {
  return `${fillRoutePath(API_ROUTE_PATHS.resumeStream.path, { conversationId })}?index=1`;
}

/**
 * Puts the second reply in the conversation's messages (a sibling of the first: the branch
 * switcher counts it). One this tab had not listed yet is listed first among its siblings here, so
 * the first model's reply stays the one shown with the second beside it; a reload lists both as
 * saved.
 */
function listReply(qc: QueryClient, conversationId: string, reply: Message): void {
  updateMessagesCache(qc, conversationId, (list) => {
    const at = list.findIndex((m) => m.messageId === reply.messageId);
    if (at < 0) return [...list, { ...reply, createdAt: new Date(0).toISOString() }];
    const next = list.slice();
    next[at] = { ...reply, createdAt: list[at]!.createdAt };
    return next;
  });
}

const joined = new Set<string>();

/**
 * The second reply once it ended before this tab joined it: the conversation's saved messages are
 * read again and it is taken from them. A reply found running after a reload (a probe) that had no
 * second model beside it leaves no turn.
 */
async function readSaved(
  qc: QueryClient,
  conversationId: string,
  userMessageId: string,
): Promise<Message | null> {
  const turn = getTurn(userMessageId);
  if (!turn) return null;
  if (turn.probe) {
    removeTurn(userMessageId);
    return null;
  }
  // Read outside the cache, which the first reply's stream may still be writing; only this reply is
  // put in it.
  const list = await fetchMessages(conversationId).catch(() => null);
  const saved = turn.addedId ? list?.find((m) => m.messageId === turn.addedId) : undefined;
  if (!saved) return null;
  listReply(qc, conversationId, saved);
  return saved;
}

/**
 * Follows the second model's reply (GET /api/ask/stream/:id?index=1) into the compare store and,
 * once saved, into the messages: its text as it grows, then the saved reply. Each reply is joined
 * once per page load; one that ended before it was joined (the server's 204, or a 404 from an
 * older server) is read from the saved messages.
 */
export async function followAdded(
  qc: QueryClient,
  conversationId: string,
  userMessageId: string,
): Promise<void> {
  const key = `${conversationId}:${userMessageId}`;
  if (joined.has(key)) return;
  joined.add(key);
  patchTurn(userMessageId, { streaming: true });
  let reply: Message | null = getTurn(userMessageId)?.reply ?? null;
  let heard = false;
  let frame: ReturnType<typeof setTimeout> | null = null;
  const show = () => {
    frame = null;
    patchTurn(userMessageId, { reply });
  };
  try {
    await streamSse(addedPath(conversationId), undefined, {
      onEvent: (raw) => {
        heard = true;
        const e = parseStreamEvent(raw);
        if (isResumedEvent(e)) {
          reply = e.responseMessage;
          patchTurn(userMessageId, { reply, addedId: reply.messageId, probe: false });
          listReply(qc, conversationId, reply);
        } else if (isFinalEvent(e)) {
          reply = e.responseMessage;
          listReply(qc, conversationId, reply);
          patchTurn(userMessageId, { reply });
        } else if (isErrorEvent(e)) {
          if (e.responseMessage) {
            reply = e.responseMessage;
            listReply(qc, conversationId, reply);
          }
          // A stop is no failure: what was written is kept, unfinished.
          const stopped = e.code === 'aborted' || e.responseMessage?.finish_reason === 'abort';
          patchTurn(userMessageId, { reply, error: stopped ? null : { code: e.code, message: e.message } });
        } else if ('text' in e && typeof e.text === 'string' && reply) {
          reply = { ...reply, text: reply.text + e.text };
          frame ??= setTimeout(show, 16);
        }
      },
    });
    // No event at all: it had ended (204).
    if (!heard) reply = (await readSaved(qc, conversationId, userMessageId)) ?? reply;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      reply = (await readSaved(qc, conversationId, userMessageId)) ?? reply;
    } else {
      const message = err instanceof Error ? err.message : String(err);
      patchTurn(userMessageId, { error: { code: 'network_error', message } });
    }
  } finally {
    if (frame) clearTimeout(frame);
    if (getTurn(userMessageId)) patchTurn(userMessageId, { streaming: false, ...(reply ? { reply } : {}) });
  }
}

/** Test helper. */
export function resetFollowed(): void {
  joined.clear();
}

/** Stops the conversation's running replies (the server stops both of a compared send). */
export async function stopAdded(conversationId: string, endpoint: string): Promise<void> {
  const { url, init } = requestOf(API_ROUTE_PATHS.abortAsk, {
    params: { endpoint },
    body: { abortKey: conversationId },
  });
  await apiFetch(url, init).catch(() => null);
}
