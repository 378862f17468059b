import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { NEW_CONVO, NO_PARENT, type Conversation, type ConvosPage, type Message } from '@chat/contract';
import { queryKeys } from '../../../api/keys';
import { adoptConversationId, onAdoption, type Adoption } from './adopt-id';
import { IDLE } from './machine';
import { draftMessage, placeholderId } from './messages';
import { sessions, type Session } from './session';
import { dispatchStream, getStreamState, resetStreams } from './store';

const CID = '11111111-1111-4111-8111-111111111111';
const UID = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';

const fields = { parentMessageId: NO_PARENT, endpoint: 'demo', model: 'm' };
const request = draftMessage({
  ...fields,
  messageId: UID,
  conversationId: NEW_CONVO,
  text: 'hi',
  sender: 'User',
  isCreatedByUser: true,
});
const placeholder = draftMessage({
  ...fields,
  messageId: placeholderId(UID),
  conversationId: NEW_CONVO,
  parentMessageId: UID,
  text: 'Hel',
  sender: 'Demo',
  isCreatedByUser: false,
});

const saved = (id: string, title: string): Conversation => ({
  conversationId: id,
  title,
  user: 'u',
  endpoint: 'demo',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

function newSession(): Session {
  return {
    key: NEW_CONVO,
    plan: {
      path: '/api/ask/demo',
      body: {},
      requestMessageId: UID,
      targetMessageId: placeholderId(UID),
      baseText: '',
      optimistic: [request, placeholder],
      isNewConversation: true,
    },
    endpoint: 'demo',
    controller: new AbortController(),
    text: 'Hel',
    frame: null,
    pendingStop: null,
    stopped: false,
  };
}

/** A reply to a new conversation, sent and not yet named: everything is kept under 'new'. */
function running(): { qc: QueryClient; s: Session } {
  const qc = new QueryClient();
  qc.setQueryData<Message[]>(queryKeys.messages(NEW_CONVO), [request, placeholder]);
  const pages: ConvosPage[] = [
    { conversations: [saved(OTHER, 'Older')], pageNumber: 1, pageSize: 25, pages: 1 },
  ];
  qc.setQueryData<InfiniteData<ConvosPage, number>>(queryKeys.convos.list(), { pages, pageParams: [1] });
  const s = newSession();
  sessions.set(NEW_CONVO, s);
  dispatchStream(NEW_CONVO, {
    type: 'submit',
    conversationId: null,
    requestMessageId: UID,
    targetMessageId: placeholderId(UID),
  });
  return { qc, s };
}

const listIds = (qc: QueryClient) =>
  qc
    .getQueryData<InfiniteData<ConvosPage, number>>(queryKeys.convos.list())!
    .pages[0]!.conversations.map((c) => `${c.conversationId}:${c.title}`);

describe('adoptConversationId', () => {
  beforeEach(() => {
    resetStreams();
    sessions.clear();
  });
  afterEach(() => sessions.clear());

  it("moves everything kept under 'new' to the id, then tells the listeners", () => {
    const { qc, s } = running();
    const before = getStreamState(NEW_CONVO);
    const heard: Adoption[] = [];
    const unsubscribe = onAdoption((a) => {
      // A listener (the view following to /c/<id>) finds everything already under the id.
      expect(sessions.get(a.to)).toBe(s);
      expect(getStreamState(a.to)).toBe(before);
      expect(qc.getQueryData(queryKeys.messages(a.to))).toHaveLength(2);
      heard.push(a);
    });

    expect(adoptConversationId(qc, s, { conversationId: CID, model: 'm' })).toBe(true);
    unsubscribe();

    // The messages query: under the id, each message carrying it; the 'new' query is gone.
    const moved = qc.getQueryData<Message[]>(queryKeys.messages(CID))!;
    expect(moved.map((m) => [m.messageId, m.conversationId, m.text])).toEqual([
      [UID, CID, 'hi'],
      [placeholderId(UID), CID, 'Hel'],
    ]);
    expect(qc.getQueryState(queryKeys.messages(NEW_CONVO))).toBeUndefined();
    // The running session: found by the id, and keyed by it.
    expect(sessions.get(CID)).toBe(s);
    expect(sessions.has(NEW_CONVO)).toBe(false);
    expect(s.key).toBe(CID);
    // The stream store: the same state, under the id.
    expect(getStreamState(CID)).toBe(before);
    expect(getStreamState(CID).phase).toBe('submitting');
    expect(getStreamState(NEW_CONVO)).toBe(IDLE);
    // A provisional conversation for the chat view and the top of the sidebar.
    expect(qc.getQueryData(queryKeys.convos.one(CID))).toMatchObject({
      conversationId: CID,
      title: 'New Chat',
      endpoint: 'demo',
      model: 'm',
    });
    expect(listIds(qc)).toEqual([`${CID}:New Chat`, `${OTHER}:Older`]);
    // The listeners, once.
    expect(heard).toEqual([{ from: NEW_CONVO, to: CID }]);
  });

  it('keeps a conversation the cache already has rather than the provisional one', () => {
    const { qc, s } = running();
    qc.setQueryData(queryKeys.convos.one(CID), saved(CID, 'Saved title'));
    adoptConversationId(qc, s, { conversationId: CID, model: 'm' });
    expect(qc.getQueryData(queryKeys.convos.one(CID))).toEqual(saved(CID, 'Saved title'));
    expect(listIds(qc)).toEqual([`${OTHER}:Older`]);
  });

  it('leaves a session that already has its id alone, and tells no one', () => {
    const { qc } = running();
    const s = { ...newSession(), key: OTHER };
    sessions.set(OTHER, s);
    const listener = vi.fn();
    const unsubscribe = onAdoption(listener);
    expect(adoptConversationId(qc, s, { conversationId: OTHER, model: 'm' })).toBe(false);
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(qc.getQueryData<Message[]>(queryKeys.messages(NEW_CONVO))).toHaveLength(2);
    expect(qc.getQueryData(queryKeys.messages(OTHER))).toBeUndefined();
    expect(sessions.get(OTHER)).toBe(s);
    expect(getStreamState(NEW_CONVO).phase).toBe('submitting');
    expect(qc.getQueryData(queryKeys.convos.one(OTHER))).toBeUndefined();
  });

  it('stops telling a listener once it unsubscribed', () => {
    const { qc, s } = running();
    const listener = vi.fn();
    onAdoption(listener)();
    adoptConversationId(qc, s, { conversationId: CID, model: 'm' });
    expect(listener).not.toHaveBeenCalled();
  });
});
