import type { QueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, fillRoutePath, type Conversation, type Message } from '@chat/contract';
import { ApiError } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { isActive, type StreamState } from './machine';
import { readStream } from './run';
import { sessions, type Session } from './session';
import { getStreamState } from './store';

/**
 * True when the loaded conversation's latest message is a reply the server may still be
 * generating (unfinished, not failed, not stopped) and this tab is not streaming it.
 */
export function mayBeRunning(latest: Message | undefined, state: StreamState): latest is Message {
  return (
    !!latest &&
    !latest.isCreatedByUser &&
    latest.unfinished &&
    !latest.error &&
    latest.finish_reason === null &&
    !isActive(state)
  );
}

/** Replies a join was already tried for: each is tried once per page load. */
const tried = new Set<string>();

function resumePath(conversationId: string): string {
  return fillRoutePath(API_ROUTE_PATHS.resumeStream.path, { conversationId });
}

/**
 * Joins the reply still running on the server (after a reload, or in another tab) through
 * GET /api/ask/stream/:id. On 200 the `resumed` event puts the conversation in the streaming
 * state and the usual event handling takes over (deltas, final, Stop). On 404 nothing runs any
 * more: the saved messages are read once more, in case the reply ended just after they were
 * loaded. Resolves true when the reply was joined and its stream ended.
 */
export async function resumeStream(
  qc: QueryClient,
  conversationId: string,
  latest: Message,
): Promise<boolean> {
  if (tried.has(latest.messageId) || sessions.has(conversationId)) return false;
  if (!mayBeRunning(latest, getStreamState(conversationId))) return false;
  tried.add(latest.messageId);
  const path = resumePath(conversationId);
  const s: Session = {
    key: conversationId,
    plan: {
      path,
      body: {},
      requestMessageId: latest.parentMessageId,
      targetMessageId: latest.messageId,
      baseText: latest.text,
      optimistic: [latest],
      isNewConversation: false,
    },
    // Stop posts to /api/ask/<endpoint>/abort.
    endpoint:
      latest.endpoint ??
      qc.getQueryData<Conversation>(queryKeys.convos.one(conversationId))?.endpoint ??
      'openAI',
    controller: new AbortController(),
    text: latest.text,
    frame: null,
    pendingStop: null,
    stopped: false,
  };
  sessions.set(conversationId, s);
  const err = await readStream(qc, s, path, undefined);
  if (err instanceof ApiError && err.status === 404) {
    void qc.invalidateQueries({ queryKey: queryKeys.messages(conversationId) });
    return false;
  }
  return err === undefined;
}

/** Test helper. */
export function resetResumeAttempts(): void {
  tried.clear();
}
