import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NO_PARENT, type Message } from '@chat/contract';
import { draftMessage } from '../stream/messages';
import { visiblePath } from '../../../lib/tree';
import type { BottomActionProps } from '../input/BottomAction';
import { MessageList } from './MessageList';
import type { MessageHandlers } from './MessageRow';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

let clock = 0;
function msg(id: string, parent: string, extra: Partial<Message> = {}): Message {
  clock += 1000;
  const fields = {
    messageId: id,
    conversationId: 'c1',
    parentMessageId: parent,
    sender: 'User',
    text: `text of ${id}`,
    isCreatedByUser: true,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
  };
  return { ...draftMessage(fields, new Date(clock)), ...extra };
}
const reply = (id: string, parent: string, extra: Partial<Message> = {}) =>
  msg(id, parent, { isCreatedByUser: false, sender: 'GPT', finish_reason: 'stop', ...extra });

const handlers: MessageHandlers = {
  onStep: () => undefined,
  onRegenerate: () => undefined,
  onContinue: () => undefined,
  onEditSubmit: () => undefined,
  onEditSave: async () => undefined,
};

function show(messages: Message[], bottom: BottomActionProps | null) {
  const path = visiblePath(messages, {});
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  render(
    <MessageList
      path={path}
      byId={byId}
      submitting={false}
      streamingId={null}
      endpointsConfig={undefined}
      handlers={handlers}
      sendCount={0}
      bottom={bottom}
    />,
  );
}

function row(id: string): HTMLElement {
  const found = screen.getAllByTestId('message').find((el) => el.getAttribute('data-message-id') === id);
  if (!found) throw new Error(`${id} is not rendered`);
  return found;
}

function bottomOf(kind: BottomActionProps['kind']) {
  return { kind, onStop: vi.fn(), onContinue: vi.fn(), onRegenerate: vi.fn() };
}

describe('the bottom button and the latest reply’s own actions', () => {
  afterEach(cleanup);
  const finished = [msg('q1', NO_PARENT), reply('a1', 'q1'), msg('q2', 'a1'), reply('a2', 'q2')];

  it('offers Regenerate once: below the list, not on the latest reply as well', () => {
    const bottom = bottomOf('regenerate');
    show(finished, bottom);
    const button = screen.getByTestId('bottom-action');
    expect(button.textContent).toBe('com_chat_regenerate');
    expect(within(row('a2')).queryByTestId('regenerate')).toBeNull();
    // Other replies keep their own.
    expect(within(row('a1')).getByTestId('regenerate')).toBeTruthy();
    expect(screen.getAllByTestId('regenerate')).toHaveLength(1);
    fireEvent.click(button);
    expect(bottom.onRegenerate).toHaveBeenCalledOnce();
  });

  it('offers Continue below the list and keeps the latest reply’s Regenerate on it', () => {
    const stopped = [...finished.slice(0, 3), reply('a2', 'q2', { finish_reason: null, unfinished: true })];
    const bottom = bottomOf('continue');
    show(stopped, bottom);
    expect(screen.getByTestId('bottom-action').textContent).toBe('com_chat_continue');
    expect(within(row('a2')).queryByTestId('continue')).toBeNull();
    expect(within(row('a2')).getByTestId('regenerate')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bottom-action'));
    expect(bottom.onContinue).toHaveBeenCalledOnce();
  });

  it('without a bottom button (small screens), the latest reply keeps its own actions', () => {
    const stopped = [...finished.slice(0, 3), reply('a2', 'q2', { finish_reason: null, unfinished: true })];
    show(stopped, null);
    expect(screen.queryByTestId('bottom-action')).toBeNull();
    expect(screen.queryByTestId('list-footer')).toBeNull();
    expect(within(row('a2')).getByTestId('regenerate')).toBeTruthy();
    expect(within(row('a2')).getByTestId('continue')).toBeTruthy();
  });

  it('shows the bottom button in the strip below the list, not inside the scrolling list', () => {
    show(finished, bottomOf('stop'));
    const button = screen.getByTestId('bottom-action');
    expect(button.textContent).toBe('com_chat_stop');
    expect(screen.getByTestId('message-list').contains(button)).toBe(false);
    expect(screen.getByTestId('list-footer').contains(button)).toBe(true);
  });
});
