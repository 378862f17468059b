import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import {
  API_ROUTE_PATHS,
  FORK_LOCAL_KEYS,
  NO_PARENT,
  type ForkConversationBody,
  type Message,
  type RoutePath,
} from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider } from '../../platform/slots';
import { forkSlots } from './slots';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const FORKED = 'c0ffee00-0000-4000-8000-000000000001';
const message: Message = {
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
const LATEST = '33333333-3333-4333-8333-333333333333';

let bodies: ForkConversationBody[];
let refuse: ApiError | null;

beforeEach(() => {
  localStorage.clear();
  bodies = [];
  refuse = null;
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    if (route !== API_ROUTE_PATHS.forkConversation) throw new Error(`unexpected ${route.path}`);
    if (refuse) throw refuse;
    bodies.push((input as { body: ForkConversationBody }).body);
    return {
      conversation: {
        conversationId: FORKED,
        title: 'Copy',
        user: 'u',
        endpoint: 'openAI',
        createdAt: message.createdAt,
        updatedAt: message.createdAt,
      },
      messages: [],
    };
  });
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderActions() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/c/${message.conversationId}`]}>
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <SlotRegistryProvider value={createSlotRegistry(forkSlots)}>
            <Slot name="chat.message.actions" message={message} latestMessageId={LATEST} busy={false} />
            <Where />
          </SlotRegistryProvider>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

async function openPopover() {
  fireEvent.click(await screen.findByTestId('fork-message'));
  return screen.getByRole('dialog');
}

describe('the Fork popover', () => {
  it.each([
    ['directPath', 'fork-option-directPath'],
    ['includeBranches', 'fork-option-includeBranches'],
    ['targetLevel', 'fork-option-targetLevel'],
  ] as const)('forks with %s and opens the new conversation', async (option, testId) => {
    renderActions();
    await openPopover();
    fireEvent.click(screen.getByTestId(testId));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/c/${FORKED}`));
    expect(bodies).toEqual([
      { conversationId: message.conversationId, messageId: message.messageId, option, splitAtTarget: false },
    ]);
    expect(await screen.findByText('Successfully forked conversation')).toBeTruthy();
    // The popover closed.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the latest message of the branch with "Start fork here", and keeps that choice', async () => {
    renderActions();
    await openPopover();
    fireEvent.click(screen.getByTestId('fork-split-target'));
    fireEvent.click(screen.getByTestId('fork-option-directPath'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      conversationId: message.conversationId,
      messageId: message.messageId,
      option: 'directPath',
      splitAtTarget: true,
      latestMessageId: LATEST,
    });
    expect(localStorage.getItem(FORK_LOCAL_KEYS.splitAtTarget)).toBe('true');
  });

  it('marks the default, keeps the option chosen with Remember as the new default, and forgets it when unchecked', async () => {
    renderActions();
    let dialog = await openPopover();
    expect(screen.getByTestId('fork-option-targetLevel').dataset.default).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('fork-option-targetLevel'));
    expect(dialog.textContent).toContain('(default)');
    fireEvent.click(screen.getByTestId('fork-remember'));
    fireEvent.click(screen.getByTestId('fork-option-includeBranches'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(localStorage.getItem(FORK_LOCAL_KEYS.forkSetting)).toBe('includeBranches');
    expect(localStorage.getItem(FORK_LOCAL_KEYS.rememberForkOption)).toBe('true');

    cleanup();
    renderActions();
    dialog = await openPopover();
    expect(screen.getByTestId('fork-option-includeBranches').dataset.default).toBe('true');
    expect((screen.getByTestId('fork-remember') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('fork-remember'));
    expect(localStorage.getItem(FORK_LOCAL_KEYS.rememberForkOption)).toBeNull();
    expect(screen.getByTestId('fork-option-targetLevel').dataset.default).toBe('true');
    // Escape closes it and gives the focus back to the button.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('fork-message'));
  });

  it('shows an error toast, the rate limit in its own words', async () => {
    refuse = new ApiError(429, 'too_many_requests', 'Too many');
    renderActions();
    await openPopover();
    fireEvent.click(screen.getByTestId('fork-option-targetLevel'));
    expect(await screen.findByText('Too many fork requests. Please try again later')).toBeTruthy();
    refuse = new ApiError(404, 'not_found', 'Message not found');
    await openPopover();
    fireEvent.click(screen.getByTestId('fork-option-targetLevel'));
    expect(await screen.findByText('There was an error forking the conversation')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/c/${message.conversationId}`);
  });
});
