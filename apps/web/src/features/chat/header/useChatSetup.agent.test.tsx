import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import type { Conversation } from '@chat/contract';
import { ChatExtensionsProvider, createChatExtensions } from '../extensions';
import { useChatSetup } from './useChatSetup';

// The menu as an agents-like feature makes it: the person's agents are the endpoint's models (as
// the server lists them here), and the conversation's agent is no longer among them.
const extensions = createChatExtensions([
  {
    endpointKinds: [
      {
        endpoint: 'agents',
        useMenu: (menu) => menu,
        savedEntry: (c) => c.agent_id,
        route: (id) => ({ ask: '/api/agents/chat', edit: '/api/agents/chat', body: { agent_id: id } }),
      },
    ],
  },
]);
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(ChatExtensionsProvider, { value: extensions }, children);
vi.mock('../../../api/endpoints', () => ({
  useEndpoints: () => ({
    data: { openAI: { order: 1, type: 'openAI' }, agents: { order: 9, type: 'agents' } },
    isPending: false,
  }),
  useModels: () => ({ data: { openAI: ['gpt-4o'], agents: ['agent_other'] }, isPending: false }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const convo = {
  conversationId: 'c1',
  title: 'T',
  user: 'u',
  endpoint: 'agents',
  model: 'gpt-4o',
  agent_id: 'agent_deleted',
  createdAt: '',
  updatedAt: '',
} as Conversation;

describe('a conversation whose agent is gone', () => {
  it('keeps its agent rather than handing the conversation to another one, until another is chosen', () => {
    const { result } = renderHook(() => useChatSetup(convo, 'c1'), { wrapper });
    expect(result.current.endpoint).toBe('agents');
    expect(result.current.model).toBe('agent_deleted');
    act(() => result.current.choose('openAI', 'gpt-4o'));
    expect(result.current).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });
  });
});
