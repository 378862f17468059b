import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Conversation } from '@chat/contract';
import { useChatSetup } from './useChatSetup';

vi.mock('../../../api/endpoints', () => ({
  useEndpoints: () => ({
    data: { openAI: { order: 1, type: 'openAI' }, anthropic: { order: 2, type: 'anthropic' } },
    isPending: false,
  }),
  useModels: () => ({
    data: { openAI: ['gpt-4o', 'gpt-4o-mini'], anthropic: ['claude-1'] },
    isPending: false,
  }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const convo = {
  conversationId: 'c1',
  title: 'T',
  user: 'u',
  endpoint: 'openAI',
  model: 'gpt-4o',
  temperature: 0.2,
  presence_penalty: 1,
  promptPrefix: 'Old prefix',
  createdAt: '',
  updatedAt: '',
} as Conversation;

describe('useChatSetup().applyPreset', () => {
  it('puts the preset’s endpoint, model and options in place; what it leaves unset goes back to the defaults', () => {
    const { result } = renderHook(() => useChatSetup(convo, 'c1'));
    expect(result.current.options).toMatchObject({
      temperature: 0.2,
      presence_penalty: 1,
      promptPrefix: 'Old prefix',
    });
    let applied: { model: string } | null = null;
    act(() => {
      applied = result.current.applyPreset({
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        top_p: 0.5,
        chatGptLabel: 'Bot',
      });
    });
    expect(applied).toEqual({ model: 'gpt-4o-mini' });
    expect(result.current.model).toBe('gpt-4o-mini');
    expect(result.current.options).toEqual({ endpointType: 'openAI', top_p: 0.5, chatGptLabel: 'Bot' });
  });

  it('refuses a preset whose endpoint is not offered, changing nothing', () => {
    const { result } = renderHook(() => useChatSetup(convo, 'c1'));
    let applied: { model: string } | null = { model: 'unset' };
    act(() => {
      applied = result.current.applyPreset({ endpoint: 'google', model: 'chat-bison', temperature: 0.9 });
    });
    expect(applied).toBeNull();
    expect(result.current.endpoint).toBe('openAI');
    expect(result.current.options).toMatchObject({ temperature: 0.2 });
  });

  it('names the model it used when the endpoint does not offer the preset’s', () => {
    const { result } = renderHook(() => useChatSetup(convo, 'c1'));
    let applied: { model: string } | null = null;
    act(() => {
      applied = result.current.applyPreset({ endpoint: 'openAI', model: 'gpt-3-retired' });
    });
    expect(applied).toEqual({ model: 'gpt-4o' });
    expect(result.current.model).toBe('gpt-4o');
  });

  it('a new chat starts from the base it is given (the default preset)', () => {
    const preset = { endpoint: 'anthropic', model: 'claude-1', topK: 9 };
    const { result } = renderHook(() => useChatSetup(preset, 'new'));
    expect(result.current.endpoint).toBe('anthropic');
    expect(result.current.model).toBe('claude-1');
    expect(result.current.options).toMatchObject({ topK: 9 });
  });
});

describe("useChatSetup().setCarried (the options popover's conversation fields)", () => {
  it("shows the conversation's values, and a change goes with the next ask; cleared, it goes", () => {
    const { result } = renderHook(() => useChatSetup(convo, 'c1'));
    expect(result.current.carried).toEqual({ promptPrefix: 'Old prefix' });
    act(() => result.current.setCarried('chatGptLabel', 'Helper'));
    act(() => result.current.setCarried('imageDetail', 'low'));
    expect(result.current.carried).toEqual({
      promptPrefix: 'Old prefix',
      chatGptLabel: 'Helper',
      imageDetail: 'low',
    });
    expect(result.current.options).toMatchObject({ chatGptLabel: 'Helper', imageDetail: 'low' });
    act(() => result.current.setCarried('agentOptions', { model: 'gpt-4o', skipCompletion: false }));
    expect(result.current.options).toMatchObject({
      agentOptions: { model: 'gpt-4o', skipCompletion: false },
    });
    act(() => result.current.setCarried('promptPrefix', null));
    expect(result.current.carried).not.toHaveProperty('promptPrefix');
    expect(result.current.options).not.toHaveProperty('promptPrefix');
  });
});
