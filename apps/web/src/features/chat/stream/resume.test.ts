import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NO_PARENT, type Message } from '@chat/contract';
import { queryKeys } from '../../../api/keys';
import { IDLE, reduce } from './machine';
import { mayBeRunning, resetResumeAttempts, resumeStream } from './resume';
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
    endpoint: 'openAI',
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
const user = message({});
const partial = message({
  messageId: RID,
  parentMessageId: UID,
  isCreatedByUser: false,
  text: 'Once',
  unfinished: true,
});
const convo = {
  conversationId: CID,
  title: 'T',
  user: 'u',
  endpoint: 'openAI',
  createdAt: 'x',
  updatedAt: 'x',
};

/** fetch: the resume GET gets a stream the test feeds; other calls (abort) answer `other`. */
function resumableFetch(other: () => Response = () => new Response(null, { status: 204 })) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  const fetchMock = vi.fn(async (path: string) =>
    path.startsWith('/api/ask/stream/') ? new Response(body, { status: 200 }) : other(),
  );
  const send = (data: unknown) =>
    controller.enqueue(enc.encode(`event: message\ndata: ${JSON.stringify(data)}\n\n`));
  return { fetchMock, send, close: () => controller.close() };
}

const cached = (qc: QueryClient) => qc.getQueryData<Message[]>(queryKeys.messages(CID))!;

describe('mayBeRunning', () => {
  it('is true only for an unfinished, unfailed, unstopped reply this tab does not stream', () => {
    expect(mayBeRunning(partial, IDLE)).toBe(true);
    expect(mayBeRunning(undefined, IDLE)).toBe(false);
    expect(mayBeRunning(user, IDLE)).toBe(false);
    expect(mayBeRunning({ ...partial, unfinished: false }, IDLE)).toBe(false);
    expect(mayBeRunning({ ...partial, error: true }, IDLE)).toBe(false);
    expect(mayBeRunning({ ...partial, finish_reason: 'abort' }, IDLE)).toBe(false);
    const streaming = reduce(IDLE, {
      type: 'resumed',
      conversationId: CID,
      requestMessageId: UID,
      targetMessageId: RID,
    });
    expect(mayBeRunning(partial, streaming)).toBe(false);
  });
});

describe('resumeStream', () => {
  let qc: QueryClient;
  beforeEach(() => {
    qc = new QueryClient();
    resetStreams();
    resetResumeAttempts();
    qc.setQueryData(queryKeys.messages(CID), [user, partial]);
    qc.setQueryData(queryKeys.convos.one(CID), convo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('joins the running reply: snapshot → streaming, deltas appended, final replaces it', async () => {
    const { fetchMock, send, close } = resumableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const done = resumeStream(qc, CID, partial);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(`/api/ask/stream/${CID}`);
    expect(init.method).toBe('GET');
    expect(getStreamState(CID).phase).toBe('idle');

    send({
      resumed: true,
      conversationId: CID,
      requestMessage: user,
      responseMessage: { ...partial, text: 'Once upon', contextMessageId: user.messageId },
    });
    // Read as the stream delivers it: waited for, not slept on.
    await vi.waitFor(() =>
      expect(getStreamState(CID)).toMatchObject({ phase: 'streaming', targetMessageId: RID }),
    );
    expect(cached(qc).find((m) => m.messageId === RID)?.text).toBe('Once upon');
    // Where the model's context began comes with the snapshot's reply (the chat's divider).
    expect(cached(qc).find((m) => m.messageId === RID)?.contextMessageId).toBe(user.messageId);

    send({ text: ' a time' });
    await vi.waitFor(() =>
      expect(cached(qc).find((m) => m.messageId === RID)?.text).toBe('Once upon a time'),
    );

    const final = { ...partial, text: 'Once upon a time.', unfinished: false, finish_reason: 'stop' };
    send({ final: true, conversation: convo, requestMessage: user, responseMessage: final });
    close();
    expect(await done).toBe(true);
    expect(cached(qc).find((m) => m.messageId === RID)).toMatchObject({
      text: 'Once upon a time.',
      unfinished: false,
    });
    expect(getStreamState(CID).phase).toBe('done');
    // Tried once per reply.
    expect(await resumeStream(qc, CID, partial)).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('Stop aborts through the abort call with the conversation id as abortKey', async () => {
    const { fetchMock, send } = resumableFetch();
    vi.stubGlobal('fetch', fetchMock);
    const done = resumeStream(qc, CID, partial);
    send({ resumed: true, conversationId: CID, requestMessage: user, responseMessage: partial });
    await vi.waitFor(() => expect(getStreamState(CID).phase).toBe('streaming'));
    await stopStream(qc, CID);
    const abort = fetchMock.mock.calls.find(([p]) => (p as string).endsWith('/abort')) as unknown as [
      string,
      RequestInit,
    ];
    expect(abort[0]).toBe('/api/ask/openAI/abort');
    expect(JSON.parse(abort[1].body as string)).toEqual({ abortKey: CID });
    expect(getStreamState(CID)).toMatchObject({ phase: 'done', stoppedAt: expect.any(Number) });
    // Stop stopped the reading too.
    expect(await done).toBe(true);
  });

  it('on 404 stays idle and reads the saved messages once more', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'No reply', code: 'not_found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    expect(await resumeStream(qc, CID, partial)).toBe(false);
    expect(getStreamState(CID).phase).toBe('idle');
    expect(cached(qc).find((m) => m.messageId === RID)).toMatchObject({ text: 'Once', unfinished: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.messages(CID) });
    expect(await resumeStream(qc, CID, partial)).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
