import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { parseStreamEvent } from '../../../api/sse';
import { ChatInput } from './ChatInput';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

// A file of its own: the stream's schemas are loaded once per module graph, and here nothing else
// has loaded them before the person types.
describe('ChatInput and the first send', () => {
  afterEach(cleanup);

  it('starts loading what a send needs (the stream schemas among them) once the person types', async () => {
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
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'H' } });
    await waitFor(() => expect(parseStreamEvent(delta)).toEqual(delta));
  });
});
