import type { QueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, CHAT_LIMITS } from '@chat/contract';
import { requestOf } from '../../../api/call';
import { apiFetch } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { CLIENT_ERROR, setErrorDetail } from './error-details';
import { isActive } from './machine';
import { applySaved, flushText, sessions, setMessages, type Session } from './session';
import { patchMessage } from './messages';
import { dispatchStream, getStreamState } from './store';
import { fetchTitle, refreshListAfterNewConversation } from './title';

export interface StopHooks {
  /** The abort call failed ("Error cancelling request"). */
  onCancelError?: () => void;
}

async function postAbort(s: Session, conversationId: string): Promise<Response | null> {
  try {
    const { url, init } = requestOf(API_ROUTE_PATHS.abortAsk, {
      params: { endpoint: s.endpoint },
      body: { abortKey: conversationId },
    });
    return await apiFetch(url, init);
  } catch {
    return null;
  }
}

async function abortNow(
  qc: QueryClient,
  s: Session,
  conversationId: string,
  hooks: StopHooks,
): Promise<void> {
  const res = await postAbort(s, conversationId);
  // Stop reading: the server has saved (or is saving) the partial reply.
  s.stopped = true;
  s.controller.abort();
  if (!isActive(getStreamState(s.key))) return; // the final event won the race
  flushText(qc, s);
  let refetch = false;
  if (res?.status === 200) {
    try {
      // Read by the contract's schema: a reply that does not match falls back to a refetch.
      const [{ abortResponseSchema }, json] = await Promise.all([
        import('../../../api/stream-schemas'),
        res.json() as Promise<unknown>,
      ]);
      const saved = abortResponseSchema.parse(json);
      applySaved(qc, s, saved);
      if (s.plan.isNewConversation) {
        fetchTitle(qc, saved.conversation.conversationId);
        refreshListAfterNewConversation(qc);
      }
    } catch {
      refetch = true;
    }
  } else if (res?.status === 204 || res?.status === 404) {
    // 204: the partial text stays as it is; 404: nothing ran. Either way the saved state wins.
    refetch = true;
  } else {
    hooks.onCancelError?.();
    if (s.text.length <= CHAT_LIMITS.stopKeepPartialMin) {
      setErrorDetail(s.plan.targetMessageId, {
        code: CLIENT_ERROR.cancel,
        message: 'Error cancelling request',
      });
      setMessages(qc, s.key, (list) => patchMessage(list, s.plan.targetMessageId, { error: true }));
    }
  }
  dispatchStream(s.key, { type: 'stopped', at: Date.now() });
  if (refetch) void qc.invalidateQueries({ queryKey: queryKeys.messages(s.key) });
}

/**
 * Stops the reply of a conversation. Before the server has named the conversation
 * there is no abort key yet: the stop runs as soon as the `created` event gives one.
 */
export async function stopStream(qc: QueryClient, key: string, hooks: StopHooks = {}): Promise<void> {
  const s = sessions.get(key);
  const state = getStreamState(key);
  if (!s || !isActive(state) || state.stopping) return;
  dispatchStream(key, { type: 'stop' });
  if (state.conversationId) return abortNow(qc, s, state.conversationId, hooks);
  await new Promise<void>((resolve) => {
    s.pendingStop = (conversationId) => {
      s.pendingStop = null;
      void abortNow(qc, s, conversationId, hooks).finally(resolve);
    };
  });
}
