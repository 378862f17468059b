import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CUT_FINISH_REASON, NO_PARENT, type Message } from '@chat/contract';
import { draftMessage } from '../stream/messages';
import { MessageList } from './MessageList';
import type { MessageHandlers } from './MessageRow';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

// A reply whose stream ended before its end marker is saved unfinished with finish reason
// CUT_FINISH_REASON: it says at once that the connection ended early and offers Continue.
const handlers: MessageHandlers = {
  onStep: () => undefined,
  onRegenerate: () => undefined,
  onContinue: () => undefined,
  onEditSubmit: () => undefined,
  onEditSave: async () => undefined,
};

function conversation(reply: Partial<Message>): Message[] {
  const base = { conversationId: 'c1', endpoint: 'openAI', model: 'gpt-4o-mini' };
  const user = draftMessage(
    {
      ...base,
      messageId: 'u1',
      parentMessageId: NO_PARENT,
      sender: 'User',
      text: 'Hi',
      isCreatedByUser: true,
    },
    new Date(1000),
  );
  const ai = {
    ...draftMessage(
      {
        ...base,
        messageId: 'a1',
        parentMessageId: 'u1',
        sender: 'GPT',
        text: 'one two three',
        isCreatedByUser: false,
      },
      new Date(2000),
    ),
    ...reply,
  };
  return [user, ai];
}

function show(messages: Message[]) {
  render(
    <MessageList
      path={messages.map((message) => ({
        message,
        index: 0,
        siblingCount: 1,
        parentKey: message.parentMessageId,
      }))}
      byId={new Map(messages.map((m) => [m.messageId, m]))}
      submitting={false}
      streamingId={null}
      endpointsConfig={undefined}
      handlers={handlers}
      sendCount={0}
    />,
  );
}

afterEach(cleanup);

describe('a reply cut before its end marker', () => {
  it('says the connection ended early and offers Continue', () => {
    show(conversation({ unfinished: true, error: false, finish_reason: CUT_FINISH_REASON }));
    expect(screen.getByTestId('connection-ended-notice').textContent).toBe('com_chat_connection_ended_early');
    expect(screen.getByTestId('continue')).toBeTruthy();
    expect(screen.queryByTestId('message-error')).toBeNull();
  });

  it('a finished reply says nothing of the kind', () => {
    show(conversation({ unfinished: false, error: false, finish_reason: 'stop' }));
    expect(screen.queryByTestId('connection-ended-notice')).toBeNull();
    expect(screen.queryByTestId('continue')).toBeNull();
  });
});
