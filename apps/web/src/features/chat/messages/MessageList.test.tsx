import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMemo, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_PARENT, UI_LIMITS, type Message } from '@chat/contract';
import { stepSibling, visiblePath, type SiblingSelection } from '../tree/tree';
import { draftMessage } from '../stream/messages';
import { resetContextStarts, setContextStart } from '../stream/context-start';
import { MessageList } from './MessageList';
import type { MessageHandlers } from './MessageRow';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

const { messageWindow: WINDOW, messageWindowStep: STEP } = UI_LIMITS;
/** Height of every row in the fake layout below. */
const ROW_PX = 100;
const VIEW_PX = 500;

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

/** One linear branch m0 → m1 → … → m(n-1). */
function branch(n: number, extra: Partial<Message> = {}): Message[] {
  return Array.from({ length: n }, (_, i) => msg(`m${i}`, i === 0 ? NO_PARENT : `m${i - 1}`, extra));
}

interface HarnessProps {
  messages: Message[];
  sendCount?: number;
  streamingId?: string | null;
}

/** The list as ChatView drives it: the visible branch of a flat list, with sibling switching. */
function Harness({ messages, sendCount = 0, streamingId = null }: HarnessProps) {
  const [selection, setSelection] = useState<SiblingSelection>({});
  const path = useMemo(() => visiblePath(messages, selection), [messages, selection]);
  const byId = useMemo(() => new Map(messages.map((m) => [m.messageId, m])), [messages]);
  const handlers = useMemo<MessageHandlers>(
    () => ({
      onStep: (entry, delta) => setSelection((s) => stepSibling(s, entry, delta)),
      onRegenerate: () => undefined,
      onContinue: () => undefined,
      onEditSubmit: () => undefined,
      onEditSave: async () => undefined,
    }),
    [],
  );
  return (
    <MessageList
      path={path}
      byId={byId}
      submitting={false}
      streamingId={streamingId}
      endpointsConfig={undefined}
      handlers={handlers}
      sendCount={sendCount}
    />
  );
}

function renderedIds(): string[] {
  return screen.getAllByTestId('message').map((el) => el.getAttribute('data-message-id') ?? '');
}

function rowOf(id: string): HTMLElement {
  const row = screen.getAllByTestId('message').find((el) => el.getAttribute('data-message-id') === id);
  if (!row) throw new Error(`${id} is not rendered`);
  return row;
}

/**
 * jsdom has no layout: give the list a view height and a scroll position, and every row a
 * height, so a row's place on screen is (its index among the rendered rows) × ROW_PX − scrollTop.
 */
function fakeLayout(): HTMLElement {
  const list = screen.getByTestId('message-list');
  let scrollTop = 0;
  Object.defineProperties(list, {
    clientHeight: { configurable: true, get: () => VIEW_PX },
    scrollHeight: {
      configurable: true,
      get: () => list.querySelectorAll('[data-testid="message"]').length * ROW_PX,
    },
    scrollTop: {
      configurable: true,
      get: () => scrollTop,
      set: (v: number) => void (scrollTop = v),
    },
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const rows = Array.from(list.querySelectorAll('[data-testid="message"]'));
    const top = Math.max(0, rows.indexOf(this)) * ROW_PX - scrollTop;
    return {
      top,
      bottom: top + ROW_PX,
      left: 0,
      right: 0,
      width: 0,
      height: ROW_PX,
      x: 0,
      y: top,
    } as DOMRect;
  });
  return list;
}

function scrollTo(list: HTMLElement, top: number): void {
  list.scrollTop = top;
  fireEvent.scroll(list);
}

describe('MessageList windowing', () => {
  beforeEach(() => {
    // jsdom has no Element.scrollTo (a send scrolls the list to the bottom).
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        if (options.top !== undefined) this.scrollTop = options.top;
      },
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  });

  it('renders a short conversation whole, without a button for earlier messages', () => {
    render(<Harness messages={branch(5)} />);
    expect(renderedIds()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(screen.queryByTestId('show-earlier')).toBeNull();
  });

  it('renders only the newest messages of a long branch, the last one included', () => {
    render(<Harness messages={branch(2000)} />);
    const ids = renderedIds();
    expect(ids).toHaveLength(WINDOW);
    expect(ids[0]).toBe(`m${2000 - WINDOW}`);
    expect(ids.at(-1)).toBe('m1999');
    expect(screen.getByTestId('show-earlier')).toBeTruthy();
  });

  it('adds older messages when the view nears the top, keeping the first one where it was', () => {
    render(<Harness messages={branch(200)} />);
    const list = fakeLayout();
    const first = `m${200 - WINDOW}`;
    scrollTo(list, 3 * ROW_PX); // within one view height of the top
    expect(rowOf(first).getBoundingClientRect().top).toBe(-3 * ROW_PX);

    const ids = renderedIds();
    expect(ids).toHaveLength(WINDOW + STEP);
    expect(ids[0]).toBe(`m${200 - WINDOW - STEP}`);
    expect(ids.at(-1)).toBe('m199');
    // The rows above moved it down by STEP rows; the view followed.
    expect(list.scrollTop).toBe((STEP + 3) * ROW_PX);
    expect(rowOf(first).getBoundingClientRect().top).toBe(-3 * ROW_PX);

    // Far from the top nothing more is added.
    scrollTo(list, 20 * ROW_PX);
    expect(renderedIds()).toHaveLength(WINDOW + STEP);
  });

  it('reaches the first message by scrolling up step by step', () => {
    render(<Harness messages={branch(200)} />);
    const list = fakeLayout();
    for (let i = 0; i < Math.ceil((200 - WINDOW) / STEP); i++) {
      scrollTo(list, 0);
    }
    const ids = renderedIds();
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe('m0');
    expect(screen.queryByTestId('show-earlier')).toBeNull();
  });

  it('shows earlier messages from the keyboard, through the button', async () => {
    const user = userEvent.setup();
    render(<Harness messages={branch(WINDOW + STEP + 5)} />);
    screen.getByTestId('show-earlier').focus();
    await user.keyboard('{Enter}');
    expect(renderedIds()[0]).toBe('m5');
    await user.keyboard('{Enter}');
    expect(renderedIds()[0]).toBe('m0');
    expect(screen.queryByTestId('show-earlier')).toBeNull();
  });

  it('keeps its start when messages are added at the end; a send goes back to the newest', () => {
    const messages = branch(200);
    const { rerender } = render(<Harness messages={messages} />);
    fireEvent.click(screen.getByTestId('show-earlier'));
    const start = renderedIds()[0];
    expect(renderedIds()).toHaveLength(WINDOW + STEP);

    const longer = [...messages, msg('m200', 'm199'), msg('m201', 'm200')];
    rerender(<Harness messages={longer} />);
    expect(renderedIds()[0]).toBe(start);
    expect(renderedIds().at(-1)).toBe('m201');

    rerender(<Harness messages={longer} sendCount={1} />);
    expect(renderedIds()).toHaveLength(WINDOW);
    expect(renderedIds().at(-1)).toBe('m201');
  });

  it('starts on the newest messages of another conversation', () => {
    const { rerender } = render(<Harness messages={branch(200)} />);
    fireEvent.click(screen.getByTestId('show-earlier'));
    expect(renderedIds()).toHaveLength(WINDOW + STEP);
    const other = branch(300).map((m) => ({ ...m, messageId: `o${m.messageId}`, conversationId: 'c2' }));
    const relinked = other.map((m, i) => (i === 0 ? m : { ...m, parentMessageId: other[i - 1]!.messageId }));
    rerender(<Harness messages={relinked} />);
    expect(renderedIds()).toHaveLength(WINDOW);
    expect(renderedIds().at(-1)).toBe('om299');
  });

  it('switches branches inside the window without moving its start', async () => {
    const user = userEvent.setup();
    const messages = branch(100);
    // A sibling of m90 (under m89) with a branch of its own; the newest sibling is shown.
    const alt = [msg('alt90', 'm89'), msg('alt91', 'alt90')];
    render(<Harness messages={[...messages, ...alt]} />);
    const start = renderedIds()[0];
    expect(renderedIds().at(-1)).toBe('alt91');

    const row = rowOf('alt90');
    await user.click(row.querySelector<HTMLElement>('[data-testid="sibling-prev"]')!);
    expect(renderedIds()[0]).toBe(start);
    expect(renderedIds()).toContain('m90');
    expect(renderedIds()).not.toContain('alt90');
    expect(renderedIds().at(-1)).toBe('m99');
  });

  it('keeps the streamed reply’s row when the saved message replaces its placeholder', () => {
    const user1 = msg('u1', NO_PARENT);
    const reply = { isCreatedByUser: false, sender: 'Assistant', text: 'Hello' };
    const placeholder = msg('u1_', 'u1', reply);
    const { rerender } = render(<Harness messages={[user1, placeholder]} streamingId="u1_" />);
    const before = rowOf('u1_');
    rerender(<Harness messages={[user1, msg('a1', 'u1', reply)]} />);
    expect(rowOf('a1')).toBe(before);
  });
});

describe("MessageList: where the model's context begins", () => {
  afterEach(() => {
    cleanup();
    resetContextStarts();
  });

  it('shows a divider above the first message the model was shown, and none when all of it was', () => {
    const messages = branch(6);
    render(<Harness messages={messages} />);
    expect(screen.queryByTestId('context-divider')).toBeNull();

    act(() => setContextStart('c1', 'm4'));
    const divider = screen.getByTestId('context-divider');
    expect(divider.textContent).toBe('com_chat_context_start');
    expect(divider.getAttribute('role')).toBe('separator');
    // Right above m4's row: the message before it is m3, after it m4.
    const rows = screen.getAllByTestId('message');
    expect(divider.compareDocumentPosition(rowOf('m3')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(divider.compareDocumentPosition(rowOf('m4')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(rows).toHaveLength(6);

    // Another conversation's start, or the whole conversation sent again: no divider.
    act(() => setContextStart('other', 'm2'));
    act(() => setContextStart('c1', undefined));
    expect(screen.queryByTestId('context-divider')).toBeNull();
    // The conversation's first message is no place for it.
    act(() => setContextStart('c1', 'm0'));
    expect(screen.queryByTestId('context-divider')).toBeNull();
  });
});
