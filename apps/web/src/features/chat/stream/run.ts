import type { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_TITLE,
  NEW_CONVO,
  isCreatedEvent,
  isErrorEvent,
  isFinalEvent,
  isPluginsEvent,
  isResumedEvent,
  type Conversation,
  type CreatedEvent,
  type Message,
  type ResumedEvent,
  type StreamEvent,
} from '@chat/contract';
import { ApiError, endSessionIfBanned } from '../../../api/http';
import { parseStreamEvent, streamSse } from '../../../api/sse';
import { queryKeys } from '../../../api/keys';
import { patchConvoInCache } from '../../../api/convos-cache';
import { adoptConversationId } from './adopt-id';
import { CLIENT_ERROR, markUnsavedRequest, setErrorDetail } from './error-details';
import { isActive, type StreamError } from './machine';
import { patchMessage, upsertMessage } from './messages';
import { planSubmission, type SubmitContext, type Submission } from './plan';
import {
  applySaved,
  cancelFlush,
  flushText,
  scheduleFlush,
  sessions,
  setMessages,
  type Session,
} from './session';
import { dispatchStream, getStreamState } from './store';
import { fetchTitle, refreshListAfterNewConversation } from './title';

/**
 * The server saved the request: a new conversation takes its id (adoptConversationId; the chat
 * view follows it to /c/<id>), the saved request message replaces the optimistic one, and a stop
 * asked before the id was known runs now.
 */
function onCreated(qc: QueryClient, s: Session, e: CreatedEvent): void {
  const id = e.conversationId;
  adoptConversationId(qc, s, { conversationId: id, model: e.message.model ?? null });
  // The reply being written says where its model's context begins (none: all of it fit), as the
  // saved reply will: the divider follows it from now on.
  setMessages(qc, id, (list) =>
    patchMessage(upsertMessage(list, e.message, s.plan.requestMessageId), s.plan.targetMessageId, {
      contextMessageId: e.contextMessageId,
    }),
  );
  dispatchStream(id, { type: 'created', conversationId: id, requestMessageId: e.message.messageId });
  s.plan.onCreated?.(e);
  s.pendingStop?.(id);
}

/** This tab joined a running reply: the snapshot's messages go into the cache, then it streams. */
function onResumed(qc: QueryClient, s: Session, e: ResumedEvent): void {
  if (sessions.get(s.key) !== s || isActive(getStreamState(s.key))) {
    // Another stream of this conversation started meanwhile: it owns the view.
    s.stopped = true;
    s.controller.abort();
    return;
  }
  const reply = e.responseMessage;
  const convo = qc.getQueryData<Conversation>(queryKeys.convos.one(e.conversationId));
  s.plan = {
    ...s.plan,
    requestMessageId: e.requestMessage.messageId,
    targetMessageId: reply.messageId,
    baseText: reply.text,
    optimistic: [reply],
    // A first reply whose title is not there yet: ask for it after the final, as a new one does.
    isNewConversation: convo?.title === DEFAULT_TITLE,
  };
  s.text = reply.text;
  applySaved(qc, s, { requestMessage: e.requestMessage, responseMessage: reply });
  dispatchStream(s.key, {
    type: 'resumed',
    conversationId: e.conversationId,
    requestMessageId: e.requestMessage.messageId,
    targetMessageId: reply.messageId,
  });
}

function fail(qc: QueryClient, s: Session, error: StreamError, response?: Message): void {
  flushText(qc, s);
  const id = response?.messageId ?? s.plan.targetMessageId;
  setErrorDetail(id, error);
  // Refused before `created`: a new question was not saved (a regenerated one already was).
  if (
    !response &&
    getStreamState(s.key).phase === 'submitting' &&
    s.plan.optimistic.some((m) => m.isCreatedByUser)
  ) {
    markUnsavedRequest(s.plan.requestMessageId);
  }
  if (response) applySaved(qc, s, { responseMessage: response });
  else setMessages(qc, s.key, (list) => patchMessage(list, id, { error: true, text: s.text }));
  dispatchStream(s.key, { type: 'error', error });
  // A stream's error event can say the user is banned too.
  endSessionIfBanned(error);
}

/** The reply's plugin display states changed: the event carries the whole list. */
function onPlugins(
  qc: QueryClient,
  s: Session,
  plugins: Message['plugins'],
  plugin: Message['plugin'],
): void {
  flushText(qc, s);
  setMessages(qc, s.key, (list) => patchMessage(list, s.plan.targetMessageId, { plugins, plugin }));
}

function handleEvent(qc: QueryClient, s: Session, data: StreamEvent): void {
  if (isCreatedEvent(data)) return onCreated(qc, s, data);
  if (isPluginsEvent(data)) return onPlugins(qc, s, data.plugins, data.plugin);
  if (isResumedEvent(data)) return onResumed(qc, s, data);
  if (isFinalEvent(data)) {
    applySaved(qc, s, data);
    if (data.title) patchConvoInCache(qc, data.conversation.conversationId, { title: data.title });
    else if (s.plan.isNewConversation) fetchTitle(qc, data.conversation.conversationId);
    if (s.plan.isNewConversation) refreshListAfterNewConversation(qc);
    if (getStreamState(s.key).stopping) {
      // The server ended the reply because we asked it to: a stop, with its grace period.
      s.stopped = true;
      dispatchStream(s.key, { type: 'stopped', at: Date.now() });
      return;
    }
    dispatchStream(s.key, {
      type: 'final',
      requestMessageId: data.requestMessage.messageId,
      targetMessageId: data.responseMessage.messageId,
    });
    return;
  }
  if (isErrorEvent(data)) {
    applySaved(qc, s, { requestMessage: data.requestMessage, conversation: data.conversation });
    if (s.stopped || (getStreamState(s.key).stopping && data.code === 'aborted')) {
      // Our own stop: the partial reply is kept, not shown as an error.
      if (data.responseMessage)
        applySaved(qc, s, { responseMessage: { ...data.responseMessage, error: false } });
      return;
    }
    return fail(qc, s, { code: data.code, message: data.message }, data.responseMessage);
  }
  if (typeof (data as { text?: unknown }).text === 'string') {
    s.text += (data as { text: string }).text;
    scheduleFlush(qc, s);
  }
}

/**
 * Starts a reply: adds the optimistic messages, POSTs, and feeds the events into the cache and
 * the stream store. Resolves when the stream ends; returns false when one is already running.
 */
export async function startStream(
  qc: QueryClient,
  submission: Submission,
  ctx: SubmitContext,
): Promise<boolean> {
  const key = ctx.conversationId ?? NEW_CONVO;
  if (isActive(getStreamState(key))) return false;
  const plan = planSubmission(submission, ctx);
  if (plan.isNewConversation) qc.setQueryData<Message[]>(queryKeys.messages(NEW_CONVO), []);
  setMessages(qc, key, (list) => plan.optimistic.reduce((acc, m) => upsertMessage(acc, m), list));
  const s: Session = {
    key,
    plan,
    endpoint: ctx.endpoint,
    controller: new AbortController(),
    text: plan.baseText,
    frame: null,
    pendingStop: null,
    stopped: false,
  };
  sessions.set(key, s);
  dispatchStream(key, {
    type: 'submit',
    conversationId: ctx.conversationId,
    requestMessageId: plan.requestMessageId,
    targetMessageId: plan.targetMessageId,
  });
  await readStream(qc, s, plan.path, plan.body);
  return true;
}

/**
 * Feeds a session's event stream (POST `body`, or GET when it is undefined) into the cache and
 * the stream store until it ends. A failure after the stream became active shows as the reply's
 * error; the error is also returned (undefined when the stream ended normally).
 */
export async function readStream(qc: QueryClient, s: Session, path: string, body: unknown): Promise<unknown> {
  try {
    await streamSse(path, body, {
      signal: s.controller.signal,
      onEvent: (data) => handleEvent(qc, s, parseStreamEvent(data)),
    });
    if (isActive(getStreamState(s.key)) && !s.stopped) {
      // The stream ended without a final event: the connection dropped.
      fail(qc, s, { code: CLIENT_ERROR.network, message: 'Error connecting to server' });
    }
    return undefined;
  } catch (err) {
    if (!s.stopped && isActive(getStreamState(s.key))) {
      const code = err instanceof ApiError ? err.code : CLIENT_ERROR.network;
      const message = err instanceof Error ? err.message : String(err);
      fail(qc, s, { code, message });
    }
    return err;
  } finally {
    cancelFlush(s);
    if (sessions.get(s.key) === s) sessions.delete(s.key);
    // The reply settled its cost (or a refusal said what is left): the balance shown refetches.
    void qc.invalidateQueries({ queryKey: queryKeys.balance });
    // A premium use may have been taken (or given back): the count shown refetches.
    void qc.invalidateQueries({ queryKey: queryKeys.premium });
  }
}
