import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_TAGS,
  feedbackTagLabel,
  NEW_CONVO,
  type FeedbackTagKey,
  type MessageFeedback,
} from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { useToast } from '../../components/ui/Toast';
import { usePopover } from '../../hooks/usePopover';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useConversationFeedback, useRateMessage } from './api';

/**
 * Thumbs up and down on a saved reply. The chosen one shows pressed; pressing it again clears the
 * rating. A thumbs down is saved at once, then a popover offers a reason and a comment, which
 * refine it when sent (closing the popover keeps the plain thumbs down).
 */
export default function FeedbackButtons({ message }: Slots['chat.message.actions']) {
  const { conversationId } = message;
  if (message.isCreatedByUser || message.error || !conversationId || conversationId === NEW_CONVO)
    return null;
  return <Rating conversationId={conversationId} messageId={message.messageId} />;
}

function Rating({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useConversationFeedback(conversationId);
  const rate = useRateMessage(conversationId);
  const { open, setOpen, close, panelId, triggerRef, panelRef } = usePopover();
  const titleId = useId();
  const textId = useId();
  const [tag, setTag] = useState<FeedbackTagKey | undefined>();
  const [text, setText] = useState('');
  // While a change is on its way the buttons already show it.
  const shown = rate.isPending ? rate.variables.feedback?.rating : data?.[messageId]?.rating;

  useEffect(() => {
    if (!open) return;
    // A reply near the bottom of the list: the whole panel is scrolled into sight, not only its
    // first button (the list clips what hangs below it).
    panelRef.current?.scrollIntoView?.({ block: 'nearest' });
    panelRef.current?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, [open, panelRef]);

  const save = (feedback: MessageFeedback | null) =>
    rate.mutate(
      { messageId, feedback },
      { onError: () => toast.show({ message: t('com_ui_feedback_error'), severity: 'error' }) },
    );

  const onUp = () => {
    if (open) close(false);
    save(shown === 'thumbsUp' ? null : { rating: 'thumbsUp' });
  };

  const onDown = () => {
    if (shown === 'thumbsDown') {
      if (open) close(false);
      save(null);
      return;
    }
    save({ rating: 'thumbsDown' });
    setTag(undefined);
    setText('');
    setOpen(true);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const comment = text.trim();
    save({ rating: 'thumbsDown', ...(tag ? { tag } : {}), ...(comment ? { text: comment } : {}) });
    close();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="relative flex items-center">
      <IconButton
        size="sm"
        data-testid="feedback-up"
        label={t('com_ui_feedback_positive')}
        aria-pressed={shown === 'thumbsUp'}
        onClick={onUp}
        className={clsx(shown === 'thumbsUp' && 'text-text-primary')}
      >
        <ThumbsUp className={clsx('size-4', shown === 'thumbsUp' && 'fill-current')} aria-hidden />
      </IconButton>
      <IconButton
        ref={triggerRef}
        size="sm"
        data-testid="feedback-down"
        label={t('com_ui_feedback_negative')}
        aria-pressed={shown === 'thumbsDown'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onDown}
        className={clsx(shown === 'thumbsDown' && 'text-text-primary')}
      >
        <ThumbsDown className={clsx('size-4', shown === 'thumbsDown' && 'fill-current')} aria-hidden />
      </IconButton>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          data-testid="feedback-popover"
          onKeyDown={onKeyDown}
          className={clsx(
            // A sheet along the bottom on a phone, a popover under the buttons from sm up.
            'fixed inset-x-4 bottom-4 z-30 sm:absolute sm:inset-x-auto sm:start-0 sm:top-full sm:bottom-auto sm:mt-1 sm:w-80',
            'rounded-2xl border border-border-medium bg-surface-primary p-3 text-start text-text-primary shadow-lg',
          )}
        >
          <form onSubmit={submit} className="flex flex-col gap-2">
            <h2 id={titleId} className="text-sm font-semibold">
              {t('com_ui_feedback_more_information')}
            </h2>
            <div className="flex flex-wrap gap-1.5">
              {FEEDBACK_TAGS.thumbsDown.map((key) => (
                <button
                  key={key}
                  type="button"
                  data-testid={`feedback-tag-${key}`}
                  aria-pressed={tag === key}
                  onClick={() => setTag(tag === key ? undefined : key)}
                  className={clsx(
                    'rounded-full border px-2.5 py-1 text-xs',
                    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                    tag === key
                      ? 'border-border-heavy bg-surface-tertiary font-medium'
                      : 'border-border-medium hover:bg-surface-tertiary',
                  )}
                >
                  {t(feedbackTagLabel(key))}
                </button>
              ))}
            </div>
            <label htmlFor={textId} className="sr-only">
              {t('com_ui_feedback_placeholder')}
            </label>
            <textarea
              id={textId}
              data-testid="feedback-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={FEEDBACK_LIMITS.textMaxChars}
              rows={3}
              placeholder={t('com_ui_feedback_placeholder')}
              className="w-full resize-none rounded-lg border border-border-medium bg-surface-primary p-2 text-sm"
            />
            <Button type="submit" size="sm" data-testid="feedback-submit" className="self-end">
              {t('com_ui_feedback_submit')}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
