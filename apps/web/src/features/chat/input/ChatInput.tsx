import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../../hooks/useTranslation';
import { ArrowUp, KeyRound, Square } from 'lucide-react';
import { TIMINGS } from '@chat/contract';
import { AttachButton, FileErrors, FilePreviews } from '../../attachments';
import { preloadSendPath } from '../send-path';
import type { Attachments } from '../../attachments';
import { useAutoGrow } from './useAutoGrow';
import { useSteadyCaret } from './useSteadyCaret';
import { SendingDots } from './SendingDots';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { Slot } from '../../../platform/slots';

export interface ChatInputProps {
  /**
   * Sends the trimmed text; return false when the send was refused (the text then stays). A
   * promise (a check first: the subscription) keeps the text until it answers whether it went.
   */
  onSend: (text: string) => boolean | void | Promise<boolean>;
  onStop: () => void;
  /** A reply is generating: the send button is a stop button and Enter does nothing. */
  submitting: boolean;
  /** The stop button shows (while generating and for a short grace after a stop). */
  showStop: boolean;
  /** The input is locked (last message unfinished or errored). */
  disabled?: boolean;
  placeholder: string;
  /** On small screens Enter adds a newline. */
  isMobile?: boolean;
  /** Other reasons sending is blocked (no endpoint, key being checked). */
  blocked?: boolean;
  /**
   * The endpoint needs the person's own key and has none (or it expired): a configure-key button
   * replaces send and a prompt says why.
   */
  keyRequired?: { endpointLabel: string; onConfigure: () => void } | null;
  /** The images of the message (pick, paste); none where the endpoint takes no attachments. */
  attachments?: Pick<
    Attachments,
    'items' | 'errors' | 'limits' | 'add' | 'addDocuments' | 'remove' | 'uploading' | 'dismissErrors'
  > | null;
}

const MAX_HEIGHT_PX = 200;

/** The message box's id (LibreChat's), by which the chat screen puts the focus there. */
export const PROMPT_INPUT_ID = 'prompt-textarea';

export function ChatInput({
  onSend,
  onStop,
  submitting,
  showStop,
  disabled = false,
  placeholder,
  isMobile = false,
  blocked = false,
  keyRequired = null,
  attachments = null,
}: ChatInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  // Counts the sends, so that a tool filling the box (dictation) knows its text has gone.
  const [sends, setSends] = useState(0);
  const ref = useRef<HTMLTextAreaElement>(null);
  const composing = useRef(false);
  // The placeholder follows the chat's state after TIMINGS.placeholderDebounceMs: states that
  // pass in a blink (a reply ending, the next one starting) do not flash their own text.
  const shownPlaceholder = useDebouncedValue(placeholder, TIMINGS.placeholderDebounceMs);
  useAutoGrow(ref, text, MAX_HEIGHT_PX, shownPlaceholder);
  useSteadyCaret(ref);

  // Refocus after the submit state changes (100 ms), not on touch screens (keyboard).
  useEffect(() => {
    if (isMobile || disabled) return;
    const focusedBefore = document.activeElement;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      // Never out of an open dialog (settings, keys): the person is working there.
      if (active?.closest('[aria-modal="true"]')) return;
      // Nor from a control the person moved to in the meantime (the endpoint menu, the search).
      const movedAway =
        active !== focusedBefore &&
        active !== null &&
        active !== document.body &&
        !ref.current?.form?.contains(active);
      if (movedAway) return;
      ref.current?.focus();
    }, TIMINGS.refocusDelayMs);
    return () => clearTimeout(timer);
  }, [submitting, disabled, isMobile]);

  const trimmed = text.trim();
  // Not while an image is still uploading: it would be left out of the message.
  const canSend =
    trimmed.length > 0 &&
    !submitting &&
    !checking &&
    !disabled &&
    !blocked &&
    !keyRequired &&
    !attachments?.uploading;

  const submit = () => {
    if (!canSend) return;
    const sent = onSend(trimmed);
    if (!(sent instanceof Promise)) {
      if (sent !== false) {
        setText('');
        setSends((n) => n + 1);
      }
      return;
    }
    setChecking(true);
    void sent
      .then((ok) => {
        // A text changed meanwhile is the person's next message: kept.
        if (!ok) return;
        setText((now) => (now.trim() === trimmed ? '' : now));
        setSends((n) => n + 1);
      })
      .finally(() => setChecking(false));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    // IME composition (e.g. Japanese, Chinese): Enter confirms the candidate, it does not send.
    if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (isMobile) return;
    e.preventDefault();
    submit();
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-4">
      {keyRequired && (
        <p
          role="status"
          data-testid="key-required"
          className="mb-2 flex items-center justify-center gap-2 text-center text-sm text-text-secondary"
        >
          <KeyRound className="size-4 shrink-0" aria-hidden />
          {t('com_endpoint_config_key_required', { endpoint: keyRequired.endpointLabel })}
        </p>
      )}
      {attachments && attachments.errors.length > 0 && (
        <Suspense fallback={null}>
          <FileErrors
            errors={attachments.errors}
            limits={attachments.limits}
            onDismiss={attachments.dismissErrors}
          />
        </Suspense>
      )}
      <form
        // A feature wrapping the screen may restyle the composer by this (a temporary chat's look).
        data-chat-composer=""
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className={clsx(
          // relative: a tool's list (the prompts' `/` list) opens above the composer, as wide as it.
          'relative flex flex-col rounded-[1.625rem] border border-border-medium bg-surface-tertiary p-2 shadow-sm',
          'focus-within:border-border-heavy',
          !attachments && 'ps-4',
          disabled && 'opacity-70',
        )}
      >
        {attachments && attachments.items.length > 0 && (
          <Suspense fallback={null}>
            <FilePreviews items={attachments.items} onRemove={attachments.remove} />
          </Suspense>
        )}
        {/* Below `sm` the field takes a row of its own and the buttons the row under it: the
            message box's tools would otherwise leave the field too narrow to read. */}
        <div className="flex items-end gap-2 max-sm:flex-wrap">
          {attachments && (
            <AttachButton
              onFiles={attachments.add}
              onDocuments={attachments.addDocuments}
              disabled={disabled}
            />
          )}
          <textarea
            ref={ref}
            id={PROMPT_INPUT_ID}
            data-testid="chat-input"
            aria-label={t('com_chat_input_label')}
            rows={1}
            value={text}
            disabled={disabled}
            placeholder={shownPlaceholder}
            onChange={(e) => {
              preloadSendPath();
              setText(e.target.value);
            }}
            onPaste={(e) => {
              const files = [...e.clipboardData.files];
              if (!attachments || files.length === 0) return;
              // Pasted images are attached; pasted text (with no file) is typed as usual.
              e.preventDefault();
              attachments.add(files);
            }}
            onKeyDown={onKeyDown}
            onPointerDown={preloadSendPath}
            onCompositionStart={() => (composing.current = true)}
            onCompositionEnd={() => (composing.current = false)}
            className="max-h-[200px] min-h-10 flex-1 resize-none self-center max-sm:order-first max-sm:basis-full bg-transparent py-2 text-base leading-6 text-text-primary outline-none placeholder:text-text-tertiary disabled:cursor-not-allowed data-[caret=steady]:[caret-animation:manual]"
          />
          <div className="flex items-end gap-2 max-sm:ms-auto">
            <Slot
              name="chat.input.tools"
              text={text}
              setText={setText}
              submit={submit}
              sent={sends}
              disabled={disabled}
            />
          </div>
          {showStop ? (
            <button
              type="button"
              data-testid="stop-button"
              aria-label={t('com_chat_stop')}
              title={t('com_chat_stop')}
              onClick={onStop}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-text-primary text-surface-primary transition-opacity hover:opacity-80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
            >
              <Square className="size-3.5 fill-current" aria-hidden />
            </button>
          ) : keyRequired ? (
            <button
              key="configure-key"
              type="button"
              data-testid="configure-key-button"
              aria-label={t('com_endpoint_config_key_for', { endpoint: keyRequired.endpointLabel })}
              title={t('com_endpoint_config_key_for', { endpoint: keyRequired.endpointLabel })}
              onClick={keyRequired.onConfigure}
              className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-full bg-surface-submit px-3 text-sm font-medium text-white transition-colors hover:bg-surface-submit-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary sm:px-4"
            >
              <KeyRound className="size-4" aria-hidden />
              <span className="max-sm:sr-only">{t('com_endpoint_config_key_set')}</span>
            </button>
          ) : (
            <button
              key="send"
              type="submit"
              data-testid="send-button"
              aria-label={t('com_chat_send')}
              title={t('com_chat_send')}
              disabled={!canSend}
              aria-busy={checking || undefined}
              className={clsx(
                'inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                canSend
                  ? 'bg-text-primary text-surface-primary hover:opacity-80'
                  : 'cursor-not-allowed bg-surface-active text-text-tertiary',
              )}
            >
              {checking ? <SendingDots /> : <ArrowUp className="size-5" aria-hidden />}
            </button>
          )}
        </div>
      </form>
      <p className="mt-2 hidden text-center text-xs text-text-tertiary sm:block">
        {t('com_chat_disclaimer')}
      </p>
    </div>
  );
}
