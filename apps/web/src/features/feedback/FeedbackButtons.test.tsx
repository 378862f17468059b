import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  NO_PARENT,
  type ConversationFeedback,
  type Message,
  type MessageFeedback,
  type RoutePath,
} from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider } from '../../platform/slots';
import { feedbackSlots } from './slots';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const reply: Message = {
  messageId: '11111111-1111-4111-8111-111111111111',
  conversationId: '22222222-2222-4222-8222-222222222222',
  parentMessageId: NO_PARENT,
  sender: 'OpenAI',
  text: 'Hello',
  isCreatedByUser: false,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  error: false,
  unfinished: false,
  isEdited: false,
  finish_reason: 'stop',
  tokenCount: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** What the server holds, and the PUT bodies it was sent. */
let stored: ConversationFeedback;
let sent: (MessageFeedback | null)[];
let refuse: boolean;

beforeEach(() => {
  stored = {};
  sent = [];
  refuse = false;
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    if (route === API_ROUTE_PATHS.conversationFeedback) return { ...stored };
    if (route !== API_ROUTE_PATHS.updateMessageFeedback) throw new Error(`unexpected ${route.path}`);
    if (refuse) throw new ApiError(500, 'internal', 'down');
    const { params, body } = input as {
      params: { conversationId: string; messageId: string };
      body: { feedback: MessageFeedback | null };
    };
    sent.push(body.feedback);
    if (body.feedback) stored[params.messageId] = body.feedback;
    else stored = {};
    return { ...params, feedback: body.feedback };
  });
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

function renderActions(...messages: Message[]) {
  const shown = messages.length > 0 ? messages : [reply];
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SlotRegistryProvider value={createSlotRegistry(feedbackSlots)}>
          {shown.map((m) => (
            <Slot
              key={m.messageId}
              name="chat.message.actions"
              message={m}
              latestMessageId={m.messageId}
              busy={false}
            />
          ))}
        </SlotRegistryProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const pressed = (testId: string) => screen.getByTestId(testId).getAttribute('aria-pressed');

describe('the feedback buttons', () => {
  it('rates a reply up, shows it pressed, and clears it when pressed again', async () => {
    renderActions();
    const up = await screen.findByRole('button', { name: 'Good response' });
    expect(pressed('feedback-up')).toBe('false');
    fireEvent.click(up);
    await waitFor(() => expect(pressed('feedback-up')).toBe('true'));
    expect(pressed('feedback-down')).toBe('false');
    expect(sent).toEqual([{ rating: 'thumbsUp' }]);

    fireEvent.click(up);
    await waitFor(() => expect(pressed('feedback-up')).toBe('false'));
    expect(sent).toEqual([{ rating: 'thumbsUp' }, null]);
  });

  it('shows the rating the server holds', async () => {
    stored = { [reply.messageId]: { rating: 'thumbsDown', tag: 'inaccurate' } };
    renderActions();
    await waitFor(() => expect(pressed('feedback-down')).toBe('true'));
    expect(pressed('feedback-up')).toBe('false');
  });

  it('saves a thumbs down at once, then a reason and a comment from the popover, by keyboard', async () => {
    renderActions();
    fireEvent.click(await screen.findByTestId('feedback-down'));
    const dialog = await screen.findByRole('dialog', { name: 'What went wrong?' });
    await waitFor(() => expect(sent).toEqual([{ rating: 'thumbsDown' }]));
    expect(pressed('feedback-down')).toBe('true');
    // The first reason has the focus; the reasons are LibreChat's, translated.
    expect(document.activeElement).toBe(screen.getByTestId('feedback-tag-not_matched'));
    expect(dialog.textContent).toContain('Inaccurate or wrong');

    fireEvent.click(screen.getByTestId('feedback-tag-inaccurate'));
    expect(pressed('feedback-tag-inaccurate')).toBe('true');
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: '  The year is wrong ' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ rating: 'thumbsDown', tag: 'inaccurate', text: 'The year is wrong' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus goes back to the button it came from.
    expect(document.activeElement).toBe(screen.getByTestId('feedback-down'));
  });

  it('closes the popover with Escape, keeping the plain thumbs down', async () => {
    renderActions();
    fireEvent.click(await screen.findByTestId('feedback-down'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(pressed('feedback-down')).toBe('true'));
    expect(sent).toEqual([{ rating: 'thumbsDown' }]);
  });

  it('says so when the rating cannot be saved, and shows the old one again', async () => {
    refuse = true;
    renderActions();
    fireEvent.click(await screen.findByTestId('feedback-up'));
    expect(await screen.findByText('Your feedback could not be saved')).toBeTruthy();
    expect(pressed('feedback-up')).toBe('false');
  });

  it("offers nothing on the person's own message", async () => {
    const question = { ...reply, messageId: '33333333-3333-4333-8333-333333333333', isCreatedByUser: true };
    renderActions(question, reply);
    // Once the reply's buttons are there, the question's would be too: there are none.
    await screen.findByTestId('feedback-up');
    expect(screen.getAllByTestId('feedback-up')).toHaveLength(1);
  });
});
