import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMemo, useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_PARENT, UI_LIMITS, type Message } from '@chat/contract';
import { stepSibling, visiblePath, type SiblingSelection } from '../../../lib/tree';
import { draftMessage } from '../stream/messages';
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
  untoldId?: string | null;
}

/** The list as ChatView drives it: the visible branch of a flat list, with sibling switching. */
function Harness({ messages, sendCount = 0, streamingId = null, untoldId = null }: HarnessProps) {
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
      untoldId={untoldId}
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
  afterEach(cleanup);

  /** A branch m0 → … → m(n-1) whose odd messages are replies, as GET /api/messages answers it. */
  function loaded(n: number, starts: Record<string, string> = {}): Message[] {
    const list = Array.from({ length: n }, (_, i) =>
      msg(`m${i}`, i === 0 ? NO_PARENT : `m${i - 1}`, {
        isCreatedByUser: i % 2 === 0,
        sender: i % 2 === 0 ? 'User' : 'Assistant',
        ...(starts[`m${i}`] ? { contextMessageId: starts[`m${i}`] } : {}),
      }),
    );
    // Through JSON, as the client receives it: nothing but the messages says where the context begins.
    return JSON.parse(JSON.stringify(list)) as Message[];
  }

  function expectDividerAbove(id: string, before: string) {
    const dividers = screen.getAllByTestId('context-divider');
    expect(dividers).toHaveLength(1);
    const divider = dividers[0]!;
    expect(divider.textContent).toBe('com_chat_context_start');
    expect(divider.getAttribute('role')).toBe('separator');
    expect(divider.compareDocumentPosition(rowOf(before)) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(divider.compareDocumentPosition(rowOf(id)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }

  it('shows the divider from messages loaded from the API, with no stream at all', () => {
    render(<Harness messages={loaded(8, { m5: 'm2', m7: 'm4' })} />);
    // The newest reply (m7) decides: right above m4, between m3 and m4.
    expectDividerAbove('m4', 'm3');
    expect(screen.getAllByTestId('message')).toHaveLength(8);
  });

  it('a newer reply whose whole conversation fit clears it; the first message never gets one', () => {
    const { rerender } = render(<Harness messages={loaded(8, { m5: 'm2' })} />);
    expect(screen.queryByTestId('context-divider')).toBeNull();
    rerender(<Harness messages={loaded(8, { m7: 'm0' })} />);
    expect(screen.queryByTestId('context-divider')).toBeNull();
    rerender(<Harness messages={loaded(6, { m5: 'm2' })} />);
    expectDividerAbove('m2', 'm1');
  });

  it('follows the branch shown: another branch’s reply does not place it', async () => {
    const user = userEvent.setup();
    const messages = loaded(6, { m5: 'm2' });
    // A newer sibling of m4 (another answer to m3) whose model saw everything; it is shown first.
    const alt = JSON.parse(
      JSON.stringify(msg('alt4', 'm3', { isCreatedByUser: false, sender: 'Assistant' })),
    ) as Message;
    render(<Harness messages={[...messages, alt]} />);
    expect(renderedIds().at(-1)).toBe('alt4');
    expect(screen.queryByTestId('context-divider')).toBeNull();
    // Back to the older answer's branch: its newest reply (m5) says where the context began.
    await user.click(rowOf('alt4').querySelector<HTMLElement>('[data-testid="sibling-prev"]')!);
    expect(renderedIds().at(-1)).toBe('m5');
    expectDividerAbove('m2', 'm1');
    // A start that is not on the branch shown draws nothing.
    cleanup();
    render(<Harness messages={loaded(6, { m5: 'elsewhere' })} />);
    expect(screen.queryByTestId('context-divider')).toBeNull();
  });

  it('a reply just sent keeps the previous start until the server says its own', () => {
    const messages = loaded(6, { m5: 'm2' });
    const sent = msg('u6', 'm5');
    const placeholder = msg('u6_', 'u6', { isCreatedByUser: false, sender: 'Assistant', text: '' });
    const { rerender } = render(
      <Harness messages={[...messages, sent, placeholder]} streamingId="u6_" untoldId="u6_" />,
    );
    expectDividerAbove('m2', 'm1');
    // The created event told it: the context now begins at m4.
    const told = { ...placeholder, contextMessageId: 'm4' };
    rerender(<Harness messages={[...messages, sent, told]} streamingId="u6_" />);
    expectDividerAbove('m4', 'm3');
    // Told that all of it fit: no divider.
    rerender(<Harness messages={[...messages, sent, placeholder]} streamingId="u6_" />);
    expect(screen.queryByTestId('context-divider')).toBeNull();
  });

  it('says the chat is getting long under the newest message while the model no longer sees all of it', () => {
    const { rerender } = render(<Harness messages={loaded(8, { m7: 'm4' })} />);
    const notice = screen.getByTestId('long-chat-notice');
    expect(notice.textContent).toBe('com_chat_long_chat');
    expect(rowOf('m7').compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The whole conversation fit the newest reply's context: no notice.
    rerender(<Harness messages={loaded(8, { m5: 'm2' })} />);
    expect(screen.queryByTestId('long-chat-notice')).toBeNull();
  });

  it('keeps the long-chat notice away while a reply streams', () => {
    const messages = loaded(6, { m5: 'm2' });
    const sent = msg('u6', 'm5');
    const placeholder = msg('u6_', 'u6', { isCreatedByUser: false, sender: 'Assistant', text: '' });
    render(<Harness messages={[...messages, sent, placeholder]} streamingId="u6_" untoldId="u6_" />);
    expect(screen.queryByTestId('long-chat-notice')).toBeNull();
  });
});
