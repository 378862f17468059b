import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { parseStreamEvent } from '../../../api/sse';
import { ChatInput } from './ChatInput';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

// A file of its own: the stream's schemas are loaded once per module graph, and here nothing else
// has loaded them before the message box gets focus.
describe('ChatInput and the first send', () => {
  afterEach(cleanup);

  it('starts loading what a send needs (the stream schemas among them) when the box gets focus', async () => {
    render(
      <ChatInput
        onSend={() => true}
        onStop={() => {}}
        submitting={false}
        showStop={false}
        placeholder="…"
        isMobile
      />,
    );
    const delta = { text: 'Hello' };
    expect(() => parseStreamEvent(delta)).toThrow(/before loadStreamSchemas/);
    fireEvent.focus(screen.getByTestId('chat-input'));
    await waitFor(() => expect(parseStreamEvent(delta)).toEqual(delta));
  });
});
