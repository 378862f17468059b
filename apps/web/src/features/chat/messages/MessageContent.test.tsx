import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NO_PARENT, type Message } from '@chat/contract';
import '../../../app/i18n';
import { draftMessage } from '../stream/messages';
import { MessageContent } from './MessageContent';

afterEach(cleanup);

function reply(extra: Partial<Message>): Message {
  return {
    ...draftMessage(
      {
        conversationId: 'c1',
        endpoint: 'openAI',
        model: 'gpt-4.1',
        messageId: 'a1',
        parentMessageId: NO_PARENT,
        sender: 'GPT-4.1 Unfiltered',
        text: '',
        isCreatedByUser: false,
      },
      new Date(1000),
    ),
    ...extra,
  };
}

const HINT = 'com_chat_refusal_hint';

describe('MessageContent: the refusal hint', () => {
  it('follows a short "sorry" from the unfiltered models', () => {
    render(
      <MessageContent
        message={reply({ text: "I'm sorry, but I can't help with that." })}
        streaming={false}
      />,
    );
    const hint = screen.getByTestId('refusal-hint');
    expect(hint.textContent).toBe(
      'The model may have declined this request. Try rephrasing your message or regenerating the reply.',
    );
  });

  it('is not shown for a long reply, another model, or while the reply streams', () => {
    const long = 'Sorry for the wait: here is the whole answer you asked for, with every detail in it.';
    render(<MessageContent message={reply({ text: long })} streaming={false} />);
    render(<MessageContent message={reply({ text: 'Sorry, no.', model: 'gpt-4o' })} streaming={false} />);
    render(<MessageContent message={reply({ text: 'Sorry, no.' })} streaming />);
    expect(screen.queryByTestId('refusal-hint')).toBeNull();
    expect(screen.queryByText(HINT)).toBeNull();
  });
});

describe('MessageContent: an upstream moderation block', () => {
  it('shows the edit-and-retry notice with a link to what is not allowed', () => {
    const text = JSON.stringify({
      code: 'moderation',
      message: 'This message was blocked due to upstream moderation. Categories: violence',
    });
    render(<MessageContent message={reply({ text, error: true })} streaming={false} />);
    const error = screen.getByTestId('message-error');
    expect(error.textContent).toContain(
      'This message was blocked due to upstream moderation. Please edit your message and try again.',
    );
    const link = screen.getByTestId('message-error-link');
    expect(link.getAttribute('href')).toBe('/faq');
    expect(link.textContent).toBe('See what is not allowed');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('has no link on other errors', () => {
    render(<MessageContent message={reply({ text: 'boom', error: true })} streaming={false} />);
    expect(screen.getByTestId('message-error')).toBeTruthy();
    expect(screen.queryByTestId('message-error-link')).toBeNull();
  });
});
