import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { CUT_FINISH_REASON, NO_PARENT, type Message } from '@chat/contract';
import { queryKeys } from '../../../api/keys';
import { onAdoption } from './adopt-id';
import { startStream } from './run';
import { stopStream } from './stop';
import { getStreamState, resetStreams } from './store';

const CID = '11111111-1111-4111-8111-111111111111';
const RID = '22222222-2222-4222-8222-222222222222';
const UID = '33333333-3333-4333-8333-333333333333';

function message(extra: Partial<Message>): Message {
  return {
    messageId: UID,
    conversationId: CID,
    parentMessageId: NO_PARENT,
    sender: 'User',
    text: 'hi',
    isCreatedByUser: true,
    endpoint: 'demo',
    model: 'm',
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: null,
    tokenCount: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}
const convo = {
  conversationId: CID,
  title: 'New Chat',
  user: 'u',
  endpoint: 'demo',
  createdAt: 'x',
  updatedAt: 'x',
};

/** A fetch whose SSE body is released chunk by chunk by the test. */
function controllableFetch() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  const fetchMock = vi.fn(async () => new Response(body, { status: 200 }));
  const send = (data: unknown) =>
    controller.enqueue(enc.encode(`event: message\ndata: ${JSON.stringify(data)}\n\n`));
  return { fetchMock, send, close: () => controller.close() };
}

const tick = () => new Promise((r) => setTimeout(r, 30));

describe('startStream', () => {
  let qc: QueryClient;
  beforeEach(() => {
    qc = new QueryClient();
    resetStreams();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('streams a new conversation: optimistic → created (rekeyed) → deltas → final', async () => {
    const { fetchMock, send, close } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn();
    const unsubscribe = onAdoption(created);
    const done = startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: null,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    const optimistic = qc.getQueryData<Message[]>(queryKeys.messages('new'))!;
    expect(optimistic.map((m) => m.messageId)).toEqual([UID, `${UID}_`]);
    expect(getStreamState('new').phase).toBe('submitting');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      text: 'hi',
      conversationId: null,
      messageId: UID,
    });

    send({ created: true, message: message({}), conversationId: CID, responseMessageId: RID });
    await vi.waitFor(() => expect(created).toHaveBeenCalledExactlyOnceWith({ from: 'new', to: CID }));
    unsubscribe();
    expect(getStreamState(CID).phase).toBe('streaming');
    expect(getStreamState('new').phase).toBe('idle');
    expect(qc.getQueryData(queryKeys.convos.one(CID))).toMatchObject({
      conversationId: CID,
      title: 'New Chat',
    });

    send({ text: 'Hel' });
    send({ text: 'lo' });
    // Deltas reach the cache once per frame, so wait for the frame rather than a fixed time.
    await vi.waitFor(() => {
      const mid = qc.getQueryData<Message[]>(queryKeys.messages(CID))!;
      expect(mid.find((m) => m.messageId === `${UID}_`)?.text).toBe('Hello');
    });

    const reply = message({
      messageId: RID,
      parentMessageId: UID,
      isCreatedByUser: false,
      text: 'Hello',
      finish_reason: 'stop',
    });
    send({ final: true, conversation: convo, requestMessage: message({}), responseMessage: reply });
    close();
    await done;
    const end = qc.getQueryData<Message[]>(queryKeys.messages(CID))!;
    expect(end.map((m) => m.messageId)).toEqual([UID, RID]);
    expect(getStreamState(CID).phase).toBe('done');
  });

  it("the reply says where the model's context begins, as the created event and then the saved reply do", async () => {
    const { fetchMock, send, close } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const done = startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: null,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    const FIRST = '44444444-4444-4444-8444-444444444444';
    send({
      created: true,
      message: message({}),
      conversationId: CID,
      responseMessageId: RID,
      contextMessageId: FIRST,
    });
    const reply = () => qc.getQueryData<Message[]>(queryKeys.messages(CID))?.find((m) => !m.isCreatedByUser);
    // The reply being written (still its placeholder) carries it.
    await vi.waitFor(() => expect(reply()?.contextMessageId).toBe(FIRST));
    expect(reply()?.messageId).toBe(`${UID}_`);
    // The saved reply replaces it: without one, the whole conversation fit this time.
    const saved = message({ messageId: RID, parentMessageId: UID, isCreatedByUser: false, text: 'ok' });
    send({ final: true, conversation: convo, requestMessage: message({}), responseMessage: saved });
    close();
    await done;
    expect(reply()?.messageId).toBe(RID);
    expect(reply()?.contextMessageId).toBeUndefined();
  });

  it('keeps a reply whose connection ended early as unfinished text, not as an error', async () => {
    const { fetchMock, send, close } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const done = startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: CID,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    send({ created: true, message: message({}), conversationId: CID, responseMessageId: RID });
    send({ text: 'one two' });
    await tick();
    const reply = message({
      messageId: RID,
      parentMessageId: UID,
      isCreatedByUser: false,
      text: 'one two',
      unfinished: true,
      finish_reason: CUT_FINISH_REASON,
    });
    send({
      error: true,
      code: 'upstream_incomplete',
      message: 'The connection to the provider ended before the reply was complete',
      conversation: convo,
      requestMessage: message({}),
      responseMessage: reply,
    });
    close();
    await done;
    const saved = qc.getQueryData<Message[]>(queryKeys.messages(CID))!.find((m) => m.messageId === RID);
    expect(saved).toMatchObject({
      text: 'one two',
      error: false,
      unfinished: true,
      finish_reason: CUT_FINISH_REASON,
    });
    expect(getStreamState(CID).phase).toBe('error');
  });

  it('puts plugin display states on the reply as they come', async () => {
    const { fetchMock, send, close } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const done = startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: null,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    send({ created: true, message: message({}), conversationId: CID, responseMessageId: RID });
    const using = { pluginKey: 'calculator', latest: 'Calculator', loading: true, inputs: [], outputs: null };
    send({ plugins: [using], plugin: using });
    const reply = () =>
      qc.getQueryData<Message[]>(queryKeys.messages(CID))?.find((m) => m.messageId === `${UID}_`);
    await vi.waitFor(() => expect(reply()?.plugins).toEqual([using]));
    const used = { ...using, loading: false, outputs: '42' };
    send({ plugins: [used], plugin: used });
    send({ text: 'It is 42.' });
    await vi.waitFor(() =>
      expect(reply()).toMatchObject({ plugins: [used], plugin: used, text: 'It is 42.' }),
    );
    close();
    await done;
  });

  it("asks for a new conversation's title right after the final event, not seconds later", async () => {
    const { fetchMock: sse, send, close } = controllableFetch();
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/api/convos/gen_title')
        ? Response.json({ title: 'What is the capital of France?' })
        : sse(),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: null,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    send({ created: true, message: message({}), conversationId: CID, responseMessageId: RID });
    const reply = message({
      messageId: RID,
      parentMessageId: UID,
      isCreatedByUser: false,
      finish_reason: 'stop',
    });
    send({ final: true, conversation: convo, requestMessage: message({}), responseMessage: reply });
    close();
    await done;
    const titleAsks = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/api/convos/gen_title'));
    await vi.waitFor(() => expect(titleAsks()).toHaveLength(1));
    const asked = titleAsks();
    expect(JSON.parse(asked[0]![1]!.body as string)).toEqual({ conversationId: CID });
    await vi.waitFor(() =>
      expect(qc.getQueryData(queryKeys.convos.one(CID))).toMatchObject({
        title: 'What is the capital of France?',
      }),
    );
  });

  it('runs a Stop asked before the server named the conversation once `created` gives the id', async () => {
    const { fetchMock: sse, send } = controllableFetch();
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/abort') ? new Response(null, { status: 204 }) : sse(),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: null,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    const stopped = stopStream(qc, 'new');
    await tick();
    // No abort key yet: the stop waits.
    expect(getStreamState('new')).toMatchObject({ phase: 'submitting', stopping: true });
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/abort'))).toHaveLength(0);

    send({ created: true, message: message({}), conversationId: CID, responseMessageId: RID });
    await stopped;
    const aborts = fetchMock.mock.calls.filter(([url]) => url.endsWith('/abort'));
    expect(aborts).toHaveLength(1);
    expect(aborts[0]![0]).toBe('/api/ask/demo/abort');
    expect(JSON.parse(aborts[0]![1]!.body as string)).toEqual({ abortKey: CID });
    expect(getStreamState(CID)).toMatchObject({ phase: 'done', stoppedAt: expect.any(Number) });
    await done;
  });

  it('shows an error reply when the connection fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await startStream(
      qc,
      { kind: 'ask', text: 'hi', parentMessageId: NO_PARENT },
      {
        conversationId: CID,
        endpoint: 'demo',
        model: 'm',
        sender: 'Demo',
        userSender: 'User',
        newId: () => UID,
      },
    );
    const list = qc.getQueryData<Message[]>(queryKeys.messages(CID))!;
    expect(list.find((m) => m.messageId === `${UID}_`)).toMatchObject({ error: true });
    expect(getStreamState(CID)).toMatchObject({ phase: 'error', error: { code: 'network_error' } });
  });

  it('appends continued text to the existing reply', async () => {
    const { fetchMock, send, close } = controllableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const user = message({});
    const reply = message({
      messageId: RID,
      parentMessageId: UID,
      isCreatedByUser: false,
      text: 'Part one',
      finish_reason: 'abort',
    });
    qc.setQueryData(queryKeys.messages(CID), [user, reply]);
    const done = startStream(
      qc,
      { kind: 'continue', userMessage: user, responseMessage: reply },
      { conversationId: CID, endpoint: 'demo', model: 'm', sender: 'Demo', userSender: 'User' },
    );
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/edit/demo');
    expect(JSON.parse(init.body as string)).toMatchObject({
      isContinued: true,
      responseMessageId: RID,
      parentMessageId: UID,
    });
    send({ created: true, message: user, conversationId: CID, responseMessageId: RID });
    send({ text: ', part two' });
    await vi.waitFor(() =>
      expect(
        qc.getQueryData<Message[]>(queryKeys.messages(CID))!.find((m) => m.messageId === RID)?.text,
      ).toBe('Part one, part two'),
    );
    close();
    await done;
  });
});
