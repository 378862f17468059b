import { Fragment, useCallback, useEffect, useMemo, useRef } from 'react';
import type { EndpointsConfig, Message } from '@chat/contract';
import type { PathEntry } from '../../../lib/tree';
import { useMessageWindow } from '../scroll/useMessageWindow';
import { useLocalPref } from '../../../state/local-pref';
import { useStickToBottom } from '../scroll/useStickToBottom';
import { ScrollToBottomButton } from '../scroll/ScrollToBottomButton';
import { BottomAction, type BottomActionProps } from '../input/BottomAction';
import { MessageRow, type MessageHandlers } from './MessageRow';
import { ShowEarlierButton } from './ShowEarlierButton';
import { ContextDivider } from './ContextDivider';
import { LongChatNotice } from './LongChatNotice';
import { contextStartOf } from '../stream/context-start';

export interface MessageListProps {
  path: PathEntry[];
  byId: Map<string, Message>;
  submitting: boolean;
  /** Id of the message receiving streamed text, if any. */
  streamingId: string | null;
  /**
   * A reply sent whose created event has not come yet: until the server says where its context
   * begins, the reply before it places the divider.
   */
  untoldId?: string | null;
  endpointsConfig: EndpointsConfig | undefined;
  handlers: MessageHandlers;
  /** Changes when the person sends: the view jumps back to the bottom. */
  sendCount: number;
  /**
   * The spec's bottom button, shown in the strip below the list; null when there is none
   * (small screens, nothing to offer). What it offers is not repeated on the latest row.
   */
  bottom?: BottomActionProps | null;
  /** The person's name, shown on their messages when they chose so (UsernameDisplay). */
  userName?: string | undefined;
}

/**
 * The visible branch. Only a window of it is rendered — its newest messages, growing toward older
 * ones as the person scrolls up (see `useMessageWindow`) — so a long conversation opens quickly.
 */
export function MessageList({
  path,
  byId,
  submitting,
  streamingId,
  untoldId = null,
  endpointsConfig,
  handlers,
  sendCount,
  bottom = null,
  userName,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const last = path[path.length - 1]?.message;
  // With auto-scroll off (settings), a reply's growing text does not move the view; a new message does.
  const [autoScroll] = useLocalPref('autoScroll');
  const changeKey = `${path.length}:${last?.messageId}:${autoScroll ? last?.text.length : ''}:${sendCount}`;
  const { showButton, scrollToBottom } = useStickToBottom(scrollRef, contentRef, changeKey, autoScroll);
  useEffect(() => {
    if (sendCount > 0) scrollToBottom();
  }, [sendCount, scrollToBottom]);
  const toBottom = useCallback(() => scrollToBottom('smooth'), [scrollToBottom]);
  const conversationId = path[0]?.message.conversationId ?? '';
  const { start, showEarlier } = useMessageWindow({
    scrollRef,
    rowsRef,
    length: path.length,
    // The root too: the full list replacing a conversation's first-loaded tail (api/messages)
    // adds messages above, and the window goes back on the newest.
    resetKey: `${conversationId}:${path[0]?.message.messageId ?? ''}:${sendCount}`,
  });

  const shownBelow = bottom?.kind ?? null;
  // The model's context begins below the conversation's start: a divider above that message.
  const contextStart = useMemo(() => contextStartOf(path, untoldId), [path, untoldId]);
  const rows = useMemo(
    () =>
      path.slice(start).map((entry, i) => {
        const isLatest = start + i === path.length - 1;
        const row = (
          <MessageRow
            // Keyed by its place in the branch (the parent it is listed under), not by its own id:
            // the streamed reply keeps its row when the saved message replaces the placeholder, so
            // a long reply is not rendered again from scratch when it ends.
            key={entry.parentKey}
            entry={entry}
            parent={byId.get(entry.message.parentMessageId)}
            isLatest={isLatest}
            shownBelow={isLatest ? shownBelow : null}
            submitting={submitting}
            streaming={entry.message.messageId === streamingId}
            endpointsConfig={endpointsConfig}
            handlers={handlers}
            userName={userName}
            latestMessageId={last?.messageId}
          />
        );
        const divides = start + i > 0 && entry.message.messageId === contextStart;
        return divides ? (
          <Fragment key={entry.parentKey}>
            <ContextDivider />
            {row}
          </Fragment>
        ) : (
          row
        );
      }),
    [
      path,
      start,
      byId,
      submitting,
      streamingId,
      endpointsConfig,
      handlers,
      shownBelow,
      userName,
      contextStart,
      last,
    ],
  );

  // The scroll-to-bottom button and the bottom button sit in a strip below the list, never over
  // it: a button floating over the list would cover the text being read. The strip is there only
  // while one of them is.
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        data-testid="message-list"
      >
        <div ref={contentRef} className="pb-8 pt-2">
          {start > 0 && <ShowEarlierButton onClick={showEarlier} />}
          <div ref={rowsRef}>{rows}</div>
          {/* The chat outgrew the model's context: said once, under the newest message. */}
          {contextStart && !streamingId && <LongChatNotice />}
        </div>
      </div>
      {(showButton || bottom) && (
        // Three columns: the bottom button keeps the middle, so it does not move when the scroll
        // button comes and goes beside it; alone, the scroll button takes the middle.
        <div
          data-testid="list-footer"
          className="mx-auto grid w-full max-w-3xl shrink-0 grid-cols-[1fr_auto_1fr] items-center gap-2 px-4 py-1 sm:px-6"
        >
          <div className="flex justify-end">
            {showButton && bottom && <ScrollToBottomButton onClick={toBottom} />}
          </div>
          {bottom ? <BottomAction {...bottom} /> : <ScrollToBottomButton onClick={toBottom} />}
        </div>
      )}
    </div>
  );
}
