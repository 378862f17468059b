import { describe, expect, it } from 'vitest';
import type { Conversation, EndpointsConfig } from '@chat/contract';
import { askOptions } from './ask-options';

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  google: { order: 5, type: 'google', userProvide: true },
  Mistral: { order: 8, type: 'custom', userProvide: false, iconURL: '/mistral.svg' },
  bingAI: { order: 4, type: 'bingAI', userProvide: false },
};

const convo: Conversation = {
  conversationId: 'c1',
  title: 'Chat',
  user: 'u',
  endpoint: 'openAI',
  endpointType: 'openAI',
  model: 'gpt-4o',
  promptPrefix: 'Be brief.',
  chatGptLabel: 'Helper',
  temperature: 1.5,
  frequency_penalty: 0.5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('ask options', () => {
  it("sends the conversation's options with the popover's changes", () => {
    expect(
      askOptions({
        conversation: convo,
        overrides: { temperature: 0.7 },
        endpoint: 'openAI',
        model: 'gpt-4o',
        config,
      }),
    ).toEqual({
      promptPrefix: 'Be brief.',
      chatGptLabel: 'Helper',
      endpointType: 'openAI',
      temperature: 0.7,
      frequency_penalty: 0.5,
    });
  });

  it('sends the parameters of the set the server names for a custom endpoint of another protocol', () => {
    const claude: EndpointsConfig = {
      Claude: { order: 9, type: 'custom', paramsType: 'anthropic', userProvide: false },
    };
    const options = askOptions({
      conversation: undefined,
      overrides: { topK: 20, temperature: 1.5 },
      endpoint: 'Claude',
      model: 'claude-3-5-sonnet-20241022',
      config: claude,
    });
    // Fitted to Anthropic's ranges (temperature at most 1), not OpenAI's (at most 2).
    expect(options).toMatchObject({ endpointType: 'custom', topK: 20, temperature: 1 });
  });

  it("carries the conversation's context size, and a preset's in its place", () => {
    const sized = { ...convo, maxContextTokens: 32_000 };
    const base = { overrides: {}, endpoint: 'openAI', model: 'gpt-4o', config };
    expect(askOptions({ ...base, conversation: sized }).maxContextTokens).toBe(32_000);
    expect(
      askOptions({ ...base, conversation: sized, carried: { maxContextTokens: 8_000 } }).maxContextTokens,
    ).toBe(8_000);
    // A preset without one clears the conversation's: the model's own size applies again.
    expect(
      askOptions({ ...base, conversation: sized, carried: { maxContextTokens: null } }),
    ).not.toHaveProperty('maxContextTokens');
  });

  it('after a switch keeps the conversation options and fits the parameters to the new endpoint', () => {
    expect(
      askOptions({ conversation: convo, overrides: {}, endpoint: 'google', model: 'gemini-pro', config }),
    ).toEqual({
      promptPrefix: 'Be brief.',
      chatGptLabel: 'Helper',
      endpointType: 'google',
      temperature: 1,
      frequency_penalty: 0.5,
    });
    expect(
      askOptions({
        conversation: convo,
        overrides: { temperature: null },
        endpoint: 'Mistral',
        model: 'm',
        config,
      }),
    ).toEqual({
      promptPrefix: 'Be brief.',
      chatGptLabel: 'Helper',
      endpointType: 'custom',
      iconURL: '/mistral.svg',
      frequency_penalty: 0.5,
    });
  });

  it('works for a new conversation', () => {
    expect(
      askOptions({ conversation: undefined, overrides: {}, endpoint: 'openAI', model: 'gpt-4o', config }),
    ).toEqual({
      endpointType: 'openAI',
    });
  });

  it("carries Bing's tone, context and system message only to Bing, this view's changes first", () => {
    const bingConvo: Conversation = {
      ...convo,
      endpoint: 'bingAI',
      model: 'BingAI',
      toneStyle: 'fast',
      context: 'old',
    };
    expect(
      askOptions({
        conversation: bingConvo,
        overrides: {},
        endpoint: 'bingAI',
        model: 'BingAI',
        config,
        bing: { context: 'new context', systemMessage: '' },
      }),
    ).toMatchObject({ toneStyle: 'fast', context: 'new context' });
    const cleared = askOptions({
      conversation: bingConvo,
      overrides: {},
      endpoint: 'bingAI',
      model: 'BingAI',
      config,
      bing: { context: '' },
    });
    expect(cleared).not.toHaveProperty('context');
    expect(cleared).not.toHaveProperty('systemMessage');
    const openAI = askOptions({
      conversation: bingConvo,
      overrides: {},
      endpoint: 'openAI',
      model: 'gpt-4o',
      config,
    });
    expect(openAI).not.toHaveProperty('toneStyle');
  });
});
