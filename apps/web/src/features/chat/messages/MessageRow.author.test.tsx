import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NO_PARENT, type EndpointsConfig, type Message } from '@chat/contract';
import { draftMessage } from '../stream/messages';
import { MessageRow, type MessageHandlers } from './MessageRow';

vi.mock('../../../hooks/useTranslation', () => ({
  useTranslation: () => ({ t: (k: string) => `t:${k}` }),
}));

const config = {
  azureOpenAI: { order: 0, type: 'azureOpenAI', userProvide: true },
  openAI: { order: 1, type: 'openAI', userProvide: false },
  gptPlugins: { order: 3, type: 'gptPlugins', userProvide: false },
  bingAI: { order: 4, type: 'bingAI', userProvide: false },
  google: { order: 5, type: 'google', userProvide: false },
  anthropic: { order: 6, type: 'anthropic', userProvide: false },
  Mistral: {
    order: 8,
    type: 'custom',
    userProvide: false,
    modelDisplayLabel: 'Mistral AI',
    iconURL: '/m.svg',
  },
  groq: { order: 9, type: 'custom', userProvide: false },
} satisfies EndpointsConfig;

const handlers: MessageHandlers = {
  onStep: () => undefined,
  onRegenerate: () => undefined,
  onContinue: () => undefined,
  onEditSubmit: () => undefined,
  onEditSave: async () => undefined,
};

function reply(endpoint: string, sender: string, extra: Partial<Message> = {}): Message {
  const m = draftMessage({
    messageId: 'r1',
    conversationId: 'c1',
    parentMessageId: NO_PARENT,
    sender,
    text: 'Hi',
    isCreatedByUser: false,
    endpoint,
    model: 'some-model-1',
  });
  return { ...m, ...extra };
}

function show(message: Message) {
  render(
    <MessageRow
      entry={{ message, index: 0, siblingCount: 1, parentKey: NO_PARENT }}
      parent={undefined}
      isLatest={false}
      submitting={false}
      streaming={false}
      endpointsConfig={config}
      handlers={handlers}
    />,
  );
  return {
    author: screen.getByTestId('message-author').textContent,
    icon: screen.getByTestId('message-avatar'),
  };
}

afterEach(cleanup);

describe('a reply is signed with a name and an icon of its own endpoint', () => {
  it.each([
    ['openAI', 't:com_endpoint_openAI', 'openAI'],
    ['azureOpenAI', 't:com_endpoint_azureOpenAI', 'azureOpenAI'],
    ['google', 't:com_endpoint_google', 'google'],
    ['anthropic', 't:com_endpoint_anthropic', 'anthropic'],
    ['gptPlugins', 't:com_endpoint_gptPlugins', 'gptPlugins'],
    ['bingAI', 't:com_endpoint_bingAI', 'bingAI'],
  ])('%s: its display name, not the raw id, and its own icon', (endpoint, name, icon) => {
    const shown = show(reply(endpoint, endpoint));
    expect(shown.author).toBe(name);
    expect(shown.icon.getAttribute('data-icon')).toBe(icon);
  });

  it('a raw id stored on another endpoint, or the model id of a failed send, gives way too', () => {
    expect(show(reply('openAI', 'chatGPTBrowser')).author).toBe('t:com_endpoint_openAI');
    cleanup();
    expect(show(reply('anthropic', 'some-model-1', { error: true })).author).toBe('t:com_endpoint_anthropic');
  });

  it('a custom endpoint: its modelDisplayLabel and its iconURL; without a label, its name', () => {
    const mistral = show(reply('Mistral', 'Mistral'));
    expect(mistral.author).toBe('Mistral AI');
    expect(mistral.icon.getAttribute('src')).toBe('/m.svg');
    cleanup();
    const groq = show(reply('groq', 'groq'));
    expect(groq.author).toBe('groq');
    expect(groq.icon.getAttribute('data-icon')).toBe('custom');
  });

  it("the conversation's own label for the AI is kept", () => {
    expect(show(reply('openAI', 'Professor Oak')).author).toBe('Professor Oak');
  });
});
