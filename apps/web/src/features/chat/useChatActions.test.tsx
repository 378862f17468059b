import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  API_ROUTE_PATHS,
  NO_PARENT,
  type Conversation,
  type EndpointsConfig,
  type Message,
  type ModelsConfig,
  type RoutePath,
} from '@chat/contract';
import '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import { useChatSetup } from './header/useChatSetup';
import { draftMessage } from './stream/messages';
import { planSubmission, type SubmitContext, type Submission } from './stream/plan';
import { startStream } from './stream/run';
import { useChatActions } from './useChatActions';

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  google: { order: 5, type: 'google', userProvide: false },
};
const models: ModelsConfig = { openAI: ['gpt-4o'], google: ['gemini-pro', 'chat-bison'] };

vi.mock('../../api/call', () => ({
  callApi: vi.fn(async (route: RoutePath) => (route === API_ROUTE_PATHS.endpoints ? config : models)),
}));
vi.mock('./stream/run', () => ({ startStream: vi.fn(async () => true) }));
const mockedStart = vi.mocked(startStream);

const CID = '11111111-1111-4111-8111-111111111111';
const convo: Conversation = {
  conversationId: CID,
  title: 'Chat',
  user: 'u',
  endpoint: 'openAI',
  model: 'gpt-4o',
  promptPrefix: 'Be brief.',
  temperature: 1.5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const question = draftMessage({
  messageId: 'q1',
  conversationId: CID,
  parentMessageId: NO_PARENT,
  sender: 'User',
  text: 'first',
  isCreatedByUser: true,
  endpoint: 'openAI',
  model: 'gpt-4o',
});
const answer: Message = {
  ...draftMessage({
    messageId: 'a1',
    conversationId: CID,
    parentMessageId: 'q1',
    sender: 'GPT',
    text: 'reply',
    isCreatedByUser: false,
    endpoint: 'openAI',
    model: 'gpt-4o',
  }),
  finish_reason: 'stop',
};

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={qc}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

function useChat() {
  const setup = useChatSetup(convo, CID);
  const actions = useChatActions({ routeId: CID, setup, messages: [question, answer], latest: answer });
  return { setup, actions };
}

function lastStart(): { submission: Submission; ctx: SubmitContext } {
  const call = mockedStart.mock.calls.at(-1);
  if (!call) throw new Error('no stream started');
  return { submission: call[1], ctx: call[2] };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  mockedStart.mockClear();
});

describe('switching endpoint mid-conversation', () => {
  it('keeps the conversation: the next message goes to the new endpoint under the same id and branch', async () => {
    const { result } = renderHook(useChat, { wrapper });
    await waitFor(() => expect(result.current.setup.loading).toBe(false));
    expect(result.current.setup.endpoint).toBe('openAI');

    act(() => result.current.setup.choose('google', 'gemini-pro'));
    expect(result.current.setup.endpoint).toBe('google');
    act(() => void result.current.actions.send('second'));

    const { submission, ctx } = lastStart();
    expect(submission).toEqual({ kind: 'ask', text: 'second', parentMessageId: 'a1' });
    expect(ctx).toMatchObject({ conversationId: CID, endpoint: 'google', model: 'gemini-pro' });
    // The reply's placeholder is signed with the endpoint's name, not the model id.
    expect(ctx.sender).toBe('Google');
    // The conversation's options come along, its parameters fitted to Google's ranges.
    expect(ctx.options).toEqual({ promptPrefix: 'Be brief.', endpointType: 'google', temperature: 1 });
    const plan = planSubmission(submission, { ...ctx, newId: () => 'q2' });
    expect(plan.path).toBe('/api/ask/google');
    expect(plan.body).toMatchObject({ conversationId: CID, parentMessageId: 'a1', endpoint: 'google' });
  });

  it("sends the popover's values with the next ask, and none after a reset", async () => {
    const { result } = renderHook(useChat, { wrapper });
    await waitFor(() => expect(result.current.setup.loading).toBe(false));
    act(() => result.current.setup.setParam('temperature', 0.4));
    act(() => result.current.setup.setParam('frequency_penalty', -1));
    expect(result.current.setup.params).toEqual({ temperature: 0.4, frequency_penalty: -1 });
    act(() => void result.current.actions.send('tuned'));
    expect(lastStart().ctx.options).toMatchObject({ temperature: 0.4, frequency_penalty: -1 });

    act(() => result.current.setup.resetParams());
    expect(result.current.setup.params).toEqual({});
    act(() => void result.current.actions.send('defaults'));
    const options = lastStart().ctx.options ?? {};
    expect(options).not.toHaveProperty('temperature');
    expect(options).not.toHaveProperty('frequency_penalty');
    expect(options).toMatchObject({ promptPrefix: 'Be brief.' });
  });
});
