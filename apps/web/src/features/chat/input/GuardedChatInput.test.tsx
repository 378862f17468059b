import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ChatSendGuardProvider } from '../send-guard';
import { GuardedChatInput } from './GuardedChatInput';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

afterEach(cleanup);

function typeAndSend(wrap: (input: ReactNode) => ReactNode) {
  const send = vi.fn(() => true);
  render(
    wrap(
      <GuardedChatInput
        send={send}
        onStop={vi.fn()}
        submitting={false}
        showStop={false}
        placeholder="Send"
      />,
    ),
  );
  const input = screen.getByTestId('chat-input');
  fireEvent.change(input, { target: { value: ' hello ' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return send;
}

describe("the chat view's input", () => {
  it('sends straight away when no feature guards the send', () => {
    const send = typeAndSend((input) => input);
    expect(send).toHaveBeenCalledWith('hello');
  });

  it("hands the message to the screen's guard instead, which decides whether it goes", () => {
    const guard = vi.fn(() => false);
    const send = typeAndSend((input) => <ChatSendGuardProvider value={guard}>{input}</ChatSendGuardProvider>);
    expect(guard).toHaveBeenCalledWith('hello');
    expect(send).not.toHaveBeenCalled();
    // Refused: the text stays for another try.
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe(' hello ');
  });
});
