import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  API_ROUTE_PATHS,
  NO_PARENT,
  PREMIUM_TEXTS,
  type Conversation,
  type EndpointsConfig,
  type Message,
  type ModelsConfig,
  type RoutePath,
} from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { ToastProvider } from '../../components/ui/Toast';
import { useChatSetup } from './header/useChatSetup';
import { bottomActionKind } from './input/bottom-action';
import { inputLocked } from './input/input-lock';
import { canRegenerate } from './messages/actions';
import { resetStreams } from './stream/store';
import { useChatActions } from './useChatActions';

/*
 * A send the server refuses before keeping anything (a premium quota, a balance, a subscription)
 * leaves a way forward: Regenerate asks the question again, with the model chosen now, and
 * choosing another model frees the input, whose next question replaces the refused one.
 */
const config: EndpointsConfig = { openAI: { order: 1, type: 'openAI', userProvide: false } };
const models: ModelsConfig = { openAI: ['gpt-4o', 'gpt-4o-mini'] };
vi.mock('../../api/call', () => ({
  callApi: vi.fn(async (route: RoutePath) => (route === API_ROUTE_PATHS.endpoints ? config : models)),
}));

const CID = '11111111-1111-4111-8111-111111111111';
const convo: Conversation = {
  conversationId: CID,
  title: 'Chat',
  user: 'u',
  endpoint: 'openAI',
  model: 'gpt-4o',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let qc: QueryClient;
let bodies: Record<string, unknown>[];
beforeEach(() => {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData<Message[]>(queryKeys.messages(CID), []);
  resetStreams();
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Response.json(
        { message: PREMIUM_TEXTS.quotaExceeded, code: 'premium_quota_exceeded' },
        { status: 429 },
      );
    }),
  );
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={qc}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

/** The chat's messages as the cache holds them, the latest last (one branch here). */
const cached = () => qc.getQueryData<Message[]>(queryKeys.messages(CID)) ?? [];

function useChat() {
  const setup = useChatSetup(convo, CID);
  const messages = cached();
  const latest = messages.at(-1);
  const actions = useChatActions({ routeId: CID, setup, messages, latest });
  return { setup, actions, messages, latest };
}

async function refusedOnce() {
  const hook = renderHook(useChat, { wrapper });
  await waitFor(() => expect(hook.result.current.setup.loading).toBe(false));
  act(() => void hook.result.current.actions.send('Tell me a story'));
  await waitFor(() => expect(cached().at(-1)?.error).toBe(true));
  hook.rerender();
  return hook;
}

describe('a refused send', () => {
  it('offers Regenerate, which asks the question again rather than regenerating an unkept one', async () => {
    const { result, rerender } = await refusedOnce();
    const [question, reply] = result.current.messages;
    expect(question).toMatchObject({ isCreatedByUser: true, text: 'Tell me a story' });
    const ctx = { submitting: false, isLatest: true, endpointsConfig: config };
    expect(canRegenerate(reply!, question, ctx)).toBe(true);
    expect(
      bottomActionKind({
        generating: false,
        inStopGrace: false,
        smallScreen: false,
        latest: reply,
        parent: question,
        endpointsConfig: config,
      }),
    ).toBe('regenerate');

    act(() => result.current.actions.regenerate(reply!));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ text: 'Tell me a story', parentMessageId: NO_PARENT, model: 'gpt-4o' });
    expect(bodies[1]).not.toHaveProperty('isRegenerate');
    expect(bodies[1]!.messageId).not.toBe(question!.messageId);
    // The refused pair made way for the new attempt: one question, one reply.
    await waitFor(() => expect(cached().at(-1)?.error).toBe(true));
    rerender();
    expect(cached().map((m) => m.text)).toEqual(['Tell me a story', '']);
    expect(cached()[0]!.messageId).toBe(bodies[1]!.messageId);
  });

  it('locks the input until another model is chosen; the next question then replaces the refused one', async () => {
    const { result, rerender } = await refusedOnce();
    const { latest, setup } = result.current;
    expect(inputLocked({ submitting: false, latest, endpoint: setup.endpoint, model: setup.model })).toBe(
      true,
    );

    act(() => result.current.setup.choose('openAI', 'gpt-4o-mini'));
    rerender();
    const now = result.current.setup;
    expect(inputLocked({ submitting: false, latest, endpoint: now.endpoint, model: now.model })).toBe(false);

    act(() => void result.current.actions.send('Something else'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      text: 'Something else',
      parentMessageId: NO_PARENT,
      model: 'gpt-4o-mini',
    });
    await waitFor(() => expect(cached().at(-1)?.error).toBe(true));
    expect(cached().map((m) => m.text)).toEqual(['Something else', '']);
  });

  it('a saved failed reply still regenerates as one (its question was kept)', async () => {
    const question: Message = {
      messageId: 'q1',
      conversationId: CID,
      parentMessageId: NO_PARENT,
      sender: 'User',
      text: 'kept',
      isCreatedByUser: true,
      endpoint: 'openAI',
      model: 'gpt-4o',
      error: false,
      unfinished: false,
      isEdited: false,
      finish_reason: null,
      tokenCount: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const failed: Message = {
      ...question,
      messageId: 'a1',
      parentMessageId: 'q1',
      isCreatedByUser: false,
      error: true,
      text: 'boom',
    };
    qc.setQueryData<Message[]>(queryKeys.messages(CID), [question, failed]);
    const { result } = renderHook(useChat, { wrapper });
    await waitFor(() => expect(result.current.setup.loading).toBe(false));
    act(() => result.current.actions.regenerate(failed));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ text: 'kept', parentMessageId: 'q1', isRegenerate: true });
  });
});
