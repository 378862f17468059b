import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import type { Conversation } from '@chat/contract';
import {
  ChatExtensionsProvider,
  conversationOption,
  createChatExtensions,
  type EndpointKind,
} from '../extensions';
import { optionValue, useChatSetup } from './useChatSetup';

// What features add to the chat's setup reaches it through the provider, not through imports:
// an endpoint whose entries a feature supplies, and an option of the conversation.
vi.mock('../../../api/endpoints', () => ({
  useEndpoints: () => ({
    data: { openAI: { order: 1, type: 'openAI' }, robots: { order: 2, type: 'openAI' } },
    isPending: false,
  }),
  useModels: () => ({ data: { openAI: ['gpt-4o'], robots: [] }, isPending: false }),
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

const robots: EndpointKind = {
  endpoint: 'robots',
  useMenu: (menu) => ({
    endpoints: menu.endpoints && {
      ...menu.endpoints,
      robots: { ...menu.endpoints.robots!, modelIcons: { r2: '/api/files/avatars/r2.png' } },
    },
    models: menu.models && { ...menu.models, robots: ['r1', 'r2'] },
  }),
  savedEntry: (c) => c.agent_id,
  route: (entry) => ({ ask: '/api/robots', edit: '/api/robots', body: { robot: entry } }),
};

const loud = conversationOption<string>({
  id: 'loud',
  saved: (c) => (c?.promptPrefix === 'LOUD' ? 'yes' : undefined),
  initial: '',
  apply: (options, value) => (value ? { ...options, chatGptLabel: `loud ${value}` } : options),
});

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(
    ChatExtensionsProvider,
    { value: createChatExtensions([{ endpointKinds: [robots] }, { conversationOptions: [loud] }]) },
    children,
  );

describe("the features' extensions of the chat setup", () => {
  it("a feature's endpoint offers its entries, and a saved conversation opens on its own entry", () => {
    const saved = convo({ endpoint: 'robots', model: 'gpt-4o', agent_id: 'r2' });
    const { result } = renderHook(() => useChatSetup(saved, 'c1'), { wrapper });
    expect(result.current.models?.robots).toEqual(['r1', 'r2']);
    expect(result.current.endpoint).toBe('robots');
    expect(result.current.model).toBe('r2');
    // The chosen entry's own icon is its endpoint's while it is chosen.
    expect(result.current.endpointsConfig?.robots?.iconURL).toBe('/api/files/avatars/r2.png');
    act(() => result.current.choose('robots', 'r1'));
    expect(result.current.endpointsConfig?.robots?.iconURL).toBeUndefined();
  });

  it('an option starts from the saved conversation, is chosen in the view and goes with the ask', () => {
    const { result } = renderHook(() => useChatSetup(convo({}), 'c1'), { wrapper });
    expect(optionValue(result.current, loud)).toBe('');
    expect(result.current.options).not.toHaveProperty('chatGptLabel');
    act(() => result.current.setOption(loud.id, 'very'));
    expect(optionValue(result.current, loud)).toBe('very');
    expect(result.current.options).toMatchObject({ chatGptLabel: 'loud very' });

    const { result: again } = renderHook(() => useChatSetup(convo({ promptPrefix: 'LOUD' }), 'c2'), {
      wrapper,
    });
    expect(optionValue(again.current, loud)).toBe('yes');
  });

  it('without the provider the chat has none of them', () => {
    const { result } = renderHook(() => useChatSetup(convo({}), 'c1'));
    expect(result.current.models?.robots).toEqual([]);
    expect(result.current.optionValues).toEqual({});
  });

  it('two features claiming one endpoint or one option is refused at once', () => {
    expect(() => createChatExtensions([{ endpointKinds: [robots] }, { endpointKinds: [robots] }])).toThrow(
      /endpoint robots/,
    );
    expect(() =>
      createChatExtensions([{ conversationOptions: [loud] }, { conversationOptions: [loud] }]),
    ).toThrow(/option loud/);
  });
});
