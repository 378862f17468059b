import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NO_PARENT, type CreatedEvent, type EndpointsConfig, type Message } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { createSlotRegistry, Slot, SlotRegistryProvider, SlotScope, type Slots } from '../../platform/slots';
import { quietScreen, scopeContexts } from '../../test-support/chat-scope';
import { comparableModels, compareSlots } from './slots';
import { getAdded, resetCompare } from './store';
import { resetFollowed } from './stream';

const CID = '11111111-1111-4111-8111-111111111111';
const UID = '33333333-3333-4333-8333-333333333333';
const FIRST = '22222222-2222-4222-8222-222222222222';
const SECOND = '44444444-4444-4444-8444-444444444444';

const config = {
  openAI: { order: 0, userProvide: false },
  anthropic: { order: 1, userProvide: false },
  assistant: { order: 2, userProvide: false },
} as unknown as EndpointsConfig;
const models = {
  openAI: ['gpt-4o-mini'],
  anthropic: ['claude-haiku-4-5'],
  assistant: ['gpt-4o'],
  google: [],
};

function message(extra: Partial<Message>): Message {
  return {
    messageId: UID,
    conversationId: CID,
    parentMessageId: NO_PARENT,
    sender: 'User',
    text: 'hi',
    isCreatedByUser: true,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
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
const first = message({ messageId: FIRST, parentMessageId: UID, isCreatedByUser: false, sender: 'OpenAI' });

/** fetch: the second reply's stream, which the test feeds. */
function addedFetch() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  const fetchMock = vi.fn(async (path: string) =>
    path.includes('index=1') ? new Response(body, { status: 200 }) : new Response(null, { status: 404 }),
  );
  const send = (data: unknown) =>
    controller.enqueue(enc.encode(`event: message\ndata: ${JSON.stringify(data)}\n\n`));
  return { fetchMock, send, close: () => controller.close() };
}

afterEach(() => {
  cleanup();
  resetCompare();
  resetFollowed();
  vi.unstubAllGlobals();
});

type Source = Parameters<NonNullable<Slots['chat.scope']['setAskExtras']>>[0];

/** The chat screen's slots as the chat view draws them, filled by compare alone. */
function renderChat(opts: { busy?: boolean; assistantView?: boolean; row?: Message } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const source: { current: Source } = { current: null };
  const props: Slots['chat.header.items'] = {
    routeId: CID,
    assistantView: opts.assistantView ?? false,
    setup: {
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      endpointsConfig: config,
      models,
    } as unknown as Slots['chat.header.items']['setup'],
    busy: opts.busy ?? false,
    endpointLabel: (e) => `E:${e}`,
    modelLabel: (_e, m) => `M:${m}`,
    paramLabel: (k) => k,
  };
  render(
    <QueryClientProvider client={qc}>
      <SlotRegistryProvider value={createSlotRegistry(compareSlots)}>
        <SlotScope
          name="chat.scope"
          {...props}
          {...quietScreen}
          send={() => true}
          canSend
          error={null}
          provide={scopeContexts().provide}
          setAskExtras={(s) => {
            source.current = s;
          }}
        >
          <header>
            <Slot name="chat.header.items" {...props} />
          </header>
          <Slot name="chat.header.below" {...props} />
          <div data-testid="row">
            <Slot name="chat.message.beside" message={opts.row ?? first} endpointsConfig={config} />
          </div>
        </SlotScope>
      </SlotRegistryProvider>
    </QueryClientProvider>,
  );
  return { qc, source };
}

describe('comparableModels', () => {
  it('lists the endpoints with models in their order, without the assistants', () => {
    expect(comparableModels(models, config)).toEqual([
      { endpoint: 'openAI', models: ['gpt-4o-mini'] },
      { endpoint: 'anthropic', models: ['claude-haiku-4-5'] },
    ]);
    expect(comparableModels(undefined, config)).toEqual([]);
  });
});

describe('adding and removing the second model', () => {
  it('"+" adds the current model, the bar changes it, one click removes it; sends carry it meanwhile', () => {
    const { source } = renderChat();
    expect(source.current?.()).toBeNull();
    expect(screen.queryByTestId('compare-bar')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add multi-conversation' }));
    expect(getAdded()).toEqual({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(screen.queryByTestId('compare-add')).toBeNull();
    const select = screen.getByLabelText('Also asking') as HTMLSelectElement;
    expect([...select.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['E:openAI', 'E:anthropic']);
    fireEvent.change(select, { target: { value: 'anthropic\u0001claude-haiku-4-5' } });
    expect(getAdded()).toEqual({ endpoint: 'anthropic', model: 'claude-haiku-4-5' });
    expect(source.current?.()?.body).toEqual({
      addedConvo: { endpoint: 'anthropic', model: 'claude-haiku-4-5' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove the second model' }));
    expect(getAdded()).toBeNull();
    expect(screen.queryByTestId('compare-bar')).toBeNull();
    expect(source.current?.()).toBeNull();
    expect(screen.getByTestId('compare-add')).toBeTruthy();
  });

  it('is not offered in the assistants view, and waits while a reply is on its way', () => {
    renderChat({ busy: true });
    expect((screen.getByTestId('compare-add') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const { source } = renderChat({ assistantView: true });
    expect(screen.queryByTestId('compare-add')).toBeNull();
    expect(source.current?.()).toBeNull();
  });
});

describe('the second reply beside the first', () => {
  const created = (addedConvo: CreatedEvent['addedConvo']): CreatedEvent => ({
    created: true,
    message: message({}),
    conversationId: CID,
    responseMessageId: FIRST,
    addedConvo,
  });

  it('streams beside the first, labelled with its endpoint and model, then joins the messages', async () => {
    const { fetchMock, send, close } = addedFetch();
    vi.stubGlobal('fetch', fetchMock);
    const { qc, source } = renderChat();
    fireEvent.click(screen.getByTestId('compare-add'));
    fireEvent.change(screen.getByTestId('compare-model'), {
      target: { value: 'anthropic\u0001claude-haiku-4-5' },
    });
    qc.setQueryData(queryKeys.messages(CID), [message({}), first]);
    act(() => source.current?.()?.created?.(created({ responseMessageId: SECOND })));

    const beside = await screen.findByTestId('compare-reply');
    expect(beside.getAttribute('aria-label')).toContain('claude-haiku-4-5');
    expect(beside.textContent).toContain('Waiting for the reply…');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/ask/stream/${CID}?index=1`);

    const second = message({
      messageId: SECOND,
      parentMessageId: UID,
      isCreatedByUser: false,
      endpoint: 'anthropic',
      model: 'claude-haiku-4-5',
      sender: 'Anthropic',
      text: 'Hel',
      unfinished: true,
      createdAt: '2025-01-01T00:00:01.000Z',
    });
    act(() => {
      send({ resumed: true, conversationId: CID, requestMessage: message({}), responseMessage: second });
      send({ text: 'lo' });
    });
    await waitFor(() => expect(screen.getByTestId('compare-reply').textContent).toContain('Hello'));
    // Its own Stop while it streams: the conversation's abort, which stops both replies.
    fireEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain('/api/ask/anthropic/abort'),
    );
    act(() => {
      send({
        final: true,
        conversation: {
          conversationId: CID,
          title: 'T',
          user: 'u',
          endpoint: 'openAI',
          createdAt: 'x',
          updatedAt: 'x',
        },
        requestMessage: message({}),
        responseMessage: { ...second, text: 'Hello there', unfinished: false },
      });
      close();
    });
    await waitFor(() => expect(screen.getByTestId('compare-reply').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByTestId('compare-reply').textContent).toContain('Hello there');
    // A sibling of the first in the messages, listed before it here so the first stays the one shown.
    const list = qc.getQueryData<Message[]>(queryKeys.messages(CID))!;
    const saved = list.find((m) => m.messageId === SECOND)!;
    expect(saved).toMatchObject({ parentMessageId: UID, text: 'Hello there' });
    expect(Date.parse(saved.createdAt)).toBeLessThan(Date.parse(first.createdAt));
  });

  it('one that ended before it was joined (204) is read from the saved messages', async () => {
    const saved = message({
      messageId: SECOND,
      parentMessageId: UID,
      isCreatedByUser: false,
      endpoint: 'anthropic',
      model: 'claude-haiku-4-5',
      sender: 'Anthropic',
      text: 'Short answer.',
    });
    const fetchMock = vi.fn(async (path: string) =>
      path.includes('index=1')
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify([message({}), first, saved]), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { qc, source } = renderChat();
    fireEvent.click(screen.getByTestId('compare-add'));
    qc.setQueryData(queryKeys.messages(CID), [message({}), first]);
    act(() => source.current?.()?.created?.(created({ responseMessageId: SECOND })));

    await waitFor(() => expect(screen.getByTestId('compare-reply').textContent).toContain('Short answer.'));
    expect(screen.getByTestId('compare-reply').getAttribute('aria-busy')).toBe('false');
    expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain(`/api/messages/${CID}`);
    // Only the second reply joins the cached list; the first's entry is left as it was.
    const list = qc.getQueryData<Message[]>(queryKeys.messages(CID))!;
    expect(list.map((m) => m.messageId)).toEqual([UID, FIRST, SECOND]);
  });

  it('shows why the second model could not answer (a refusal), the first unaffected', async () => {
    const { source } = renderChat();
    fireEvent.click(screen.getByTestId('compare-add'));
    act(() =>
      source.current?.()?.created?.(
        created({
          code: 'concurrent',
          message:
            'Only 2 messages at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
        }),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/at a time/);
  });

  it('is not drawn beside the second reply itself, nor beside replies to other messages', async () => {
    const { fetchMock } = addedFetch();
    vi.stubGlobal('fetch', fetchMock);
    const { source } = renderChat({
      row: message({ messageId: SECOND, parentMessageId: UID, isCreatedByUser: false }),
    });
    fireEvent.click(screen.getByTestId('compare-add'));
    act(() => source.current?.()?.created?.(created({ responseMessageId: SECOND })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('compare-reply')).toBeNull();
  });
});
