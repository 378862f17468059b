import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { EndpointsConfig, Message } from '@chat/contract';
import type { PathEntry } from '../tree/tree';
import { useStickToBottom } from '../scroll/useStickToBottom';
import { ScrollToBottomButton } from '../scroll/ScrollToBottomButton';
import { MessageRow, type MessageHandlers } from './MessageRow';

export interface MessageListProps {
  path: PathEntry[];
  byId: Map<string, Message>;
  submitting: boolean;
  /** Id of the message receiving streamed text, if any. */
  streamingId: string | null;
  endpointsConfig: EndpointsConfig | undefined;
  handlers: MessageHandlers;
  /** Changes when the person sends: the view jumps back to the bottom. */
  sendCount: number;
}

export function MessageList({
  path,
  byId,
  submitting,
  streamingId,
  endpointsConfig,
  handlers,
  sendCount,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const last = path[path.length - 1]?.message;
  const changeKey = `${path.length}:${last?.messageId}:${last?.text.length}:${sendCount}`;
  const { showButton, scrollToBottom } = useStickToBottom(scrollRef, contentRef, changeKey);
  useEffect(() => {
    if (sendCount > 0) scrollToBottom();
  }, [sendCount, scrollToBottom]);
  const toBottom = useCallback(() => scrollToBottom('smooth'), [scrollToBottom]);

  const rows = useMemo(
    () =>
      path.map((entry, i) => (
        <MessageRow
          key={entry.message.messageId}
          entry={entry}
          parent={byId.get(entry.message.parentMessageId)}
          isLatest={i === path.length - 1}
          submitting={submitting}
          streaming={entry.message.messageId === streamingId}
          endpointsConfig={endpointsConfig}
          handlers={handlers}
        />
      )),
    [path, byId, submitting, streamingId, endpointsConfig, handlers],
  );

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scrollRef} className="h-full overflow-y-auto overscroll-contain" data-testid="message-list">
        <div ref={contentRef} className="pb-8 pt-2">
          {rows}
        </div>
      </div>
      {showButton && <ScrollToBottomButton onClick={toBottom} />}
    </div>
  );
}
