import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Conversation } from '@chat/contract';
import { useChatSetup } from './useChatSetup';

// The choice made in the tools menu is the chat setup's: it travels in the ask options of the
// endpoints whose models call tools, and a conversation's saved choice comes back with it.
vi.mock('../../../api/endpoints', () => ({
  useEndpoints: () => ({
    data: { openAI: { order: 1, type: 'openAI' }, bingAI: { order: 2, type: 'bingAI' } },
    isPending: false,
  }),
  useModels: () => ({ data: { openAI: ['gpt-4o'], bingAI: ['BingAI'] }, isPending: false }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const convo = (extra: Partial<Conversation>) =>
  ({
    conversationId: 'c1',
    title: 'T',
    user: 'u',
    endpoint: 'openAI',
    model: 'gpt-4o',
    createdAt: '',
    updatedAt: '',
    ...extra,
  }) as Conversation;

describe('the tools chosen for a conversation', () => {
  it('go with the asks of an endpoint that calls tools once chosen, and not before', () => {
    const { result } = renderHook(() => useChatSetup(convo({}), 'c1', ['calculator']));
    expect(result.current.options).not.toHaveProperty('ephemeralAgent');
    expect(result.current.options).not.toHaveProperty('tools');
    act(() => result.current.setMcp(['files']));
    act(() => result.current.setTools(['calculator']));
    expect(result.current.options).toMatchObject({
      tools: ['calculator'],
      ephemeralAgent: { mcp: ['files'] },
    });
  });

  it('come back from the saved conversation; an emptied choice is sent so it is saved', () => {
    const saved = convo({ ephemeralAgent: { mcp: ['files'] } });
    const { result } = renderHook(() => useChatSetup(saved, 'c1'));
    expect(result.current.mcp).toEqual(['files']);
    act(() => result.current.setMcp([]));
    expect(result.current.options).toMatchObject({ ephemeralAgent: { mcp: [] }, tools: [] });
  });

  it('stay out of the asks of an endpoint whose models do not call tools', () => {
    const bing = convo({ endpoint: 'bingAI', model: 'BingAI' });
    const { result } = renderHook(() => useChatSetup(bing, 'c1'));
    act(() => result.current.setMcp(['files']));
    expect(result.current.options).not.toHaveProperty('ephemeralAgent');
  });
});
