import { describe, expect, it } from 'vitest';
import { NO_PARENT, type EndpointsConfig, type Message } from '@chat/contract';
import { draftMessage } from '../stream/messages';
import { canContinue, canEditSubmit, supportsContinue } from './actions';

const config: EndpointsConfig = {
  azureOpenAI: { order: 0, type: 'azureOpenAI', userProvide: false },
  openAI: { order: 1, type: 'openAI', userProvide: false },
  google: { order: 5, type: 'google', userProvide: false },
  anthropic: { order: 6, type: 'anthropic', userProvide: false },
  Mistral: { order: 8, type: 'custom', userProvide: false },
  demo: { order: 9, type: 'custom', userProvide: false, isDemo: true },
  vertex: { order: 10, type: 'google', userProvide: false },
  bingAI: { order: 4, userProvide: false },
};

function reply(endpoint: string, extra: Partial<Message> = {}): Message {
  return {
    ...draftMessage({
      messageId: 'a1',
      conversationId: 'c1',
      parentMessageId: 'q1',
      sender: 'AI',
      text: 'partial',
      isCreatedByUser: false,
      endpoint,
      model: 'm',
    }),
    ...extra,
  };
}

const question = draftMessage({
  messageId: 'q1',
  conversationId: 'c1',
  parentMessageId: NO_PARENT,
  sender: 'User',
  text: 'q',
  isCreatedByUser: true,
  endpoint: 'google',
  model: 'm',
});

describe('message actions by endpoint type', () => {
  it("offers Continue on the contract's CONTINUE_ENDPOINTS types only", () => {
    for (const name of ['azureOpenAI', 'openAI', 'google', 'anthropic', 'Mistral', 'demo', 'vertex'])
      expect(supportsContinue(name, config), name).toBe(true);
    expect(supportsContinue('bingAI', config)).toBe(false);
    expect(supportsContinue('chatGPTBrowser', config)).toBe(false);
    expect(supportsContinue(null, config)).toBe(false);
    // Without the configuration, a built-in's name is its type.
    expect(supportsContinue('anthropic', undefined)).toBe(true);
    const ctx = { submitting: false, isLatest: true, endpointsConfig: config };
    expect(canContinue(reply('Mistral'), question, ctx)).toBe(true);
    expect(canContinue(reply('bingAI'), question, ctx)).toBe(false);
  });

  it('disables edit-and-submit for AI replies on Google-typed endpoints, not for user messages', () => {
    expect(canEditSubmit(reply('google'), config)).toBe(false);
    expect(canEditSubmit(reply('vertex'), config)).toBe(false);
    expect(canEditSubmit(reply('openAI'), config)).toBe(true);
    expect(canEditSubmit(reply('Mistral'), config)).toBe(true);
    expect(canEditSubmit(question, config)).toBe(true);
  });
});
