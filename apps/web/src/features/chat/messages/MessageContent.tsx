import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../../hooks/useTranslation';
import { AlertCircle } from 'lucide-react';
import { CUT_FINISH_REASON, isLikelyRefusal, TIMINGS, type Message } from '@chat/contract';
import { LazyMarkdown } from '../../markdown';
import { getErrorDetail } from '../stream/error-details';
import { CreditsHelp } from './CreditsHelp';
import { errorLinkFor, errorTextFor, isErrorJsonText, isTokenBalanceError } from './error-text';
import { PluginStates } from './PluginStates';

function ErrorBubble({ text, link }: { text: string; link: { href: string; label: string } | null }) {
  return (
    <div
      role="alert"
      data-testid="message-error"
      className="flex items-start gap-2 rounded-xl border border-text-danger/30 bg-surface-danger px-3.5 py-3 text-sm text-text-danger"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">
        {text}
        {link && (
          <>
            {' '}
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="message-error-link"
              className="font-medium underline underline-offset-2"
            >
              {link.label}
            </a>
          </>
        )}
      </span>
    </div>
  );
}

/** An unfinished message shows its notice after TIMINGS.unfinishedNoticeMs. */
function UnfinishedNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), TIMINGS.unfinishedNoticeMs);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <p
      data-testid="unfinished-notice"
      className="mt-2 rounded-lg bg-surface-secondary px-3 py-2 text-sm text-text-secondary"
    >
      {t('com_chat_unfinished')}
    </p>
  );
}

/** A reply whose stream ended before its end marker: said at once, Continue picks it up. */
function ConnectionEndedNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="connection-ended-notice"
      className="mt-2 rounded-lg bg-surface-secondary px-3 py-2 text-sm text-text-secondary"
    >
      {t('com_chat_connection_ended_early')}
    </p>
  );
}

/** A short "sorry" from the unfiltered models: most likely a refusal, and how to get past it. */
function RefusalHint() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      data-testid="refusal-hint"
      className="mt-2 rounded-lg bg-surface-secondary px-3 py-2 text-sm text-text-secondary"
    >
      {t('com_chat_refusal_hint')}
    </p>
  );
}

export interface MessageContentProps {
  message: Message;
  /** This reply is the one streaming now (shows the blinking cursor). */
  streaming: boolean;
}

export function MessageContent({ message, streaming }: MessageContentProps) {
  const { t } = useTranslation();
  const errorLink = (text: string, d: typeof detail) => {
    const link = errorLinkFor(text, d);
    return link && { href: link.href, label: t(link.labelKey) };
  };
  const detail = message.error ? getErrorDetail(message.messageId) : undefined;

  if (message.isCreatedByUser) {
    return (
      <div data-testid="message-text" dir="auto" className="whitespace-pre-wrap break-words">
        {message.text}
      </div>
    );
  }

  // A live failure knows its code, so its partial text is still the reply's text; a saved error
  // message's text is the error itself.
  // (The server saves a failure without partial text with `{"code","message"}` JSON as its text.)
  const replyText =
    message.error && (!detail || message.text === detail.message || isErrorJsonText(message.text))
      ? ''
      : message.text;
  return (
    <div className="flex flex-col gap-2">
      {message.plugins && message.plugins.length > 0 && <PluginStates plugins={message.plugins} />}
      {(replyText || !message.error) && (
        <div
          data-testid="message-text"
          // A message reads in its own direction (Arabic in an English UI, English in Arabic).
          dir="auto"
          className={clsx('markdown', streaming && replyText && 'result-streaming')}
        >
          {replyText ? (
            <LazyMarkdown text={replyText} owner={message.messageId} />
          ) : streaming ? (
            <span className="chat-cursor" aria-hidden>
              {'\u25CF'}
            </span>
          ) : null}
        </div>
      )}
      {message.error && (
        <ErrorBubble text={errorTextFor(t, message.text, detail)} link={errorLink(message.text, detail)} />
      )}
      {message.error && isTokenBalanceError(message.text, detail) && <CreditsHelp />}
      {!message.error &&
        !message.unfinished &&
        !streaming &&
        isLikelyRefusal(message.text, message.model) && <RefusalHint />}
      {message.unfinished &&
        !streaming &&
        !message.error &&
        (message.finish_reason === CUT_FINISH_REASON ? <ConnectionEndedNotice /> : <UnfinishedNotice />)}
    </div>
  );
}
