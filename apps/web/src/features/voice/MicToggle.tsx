import clsx from 'clsx';
import { Mic } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';

/**
 * The microphone button of the message box (pressed while listening) and the words that tell a
 * screen reader it listens. Drawn before dictation's code has loaded, and the same element after,
 * so the focus stays on it.
 */
export function MicToggle({
  listening,
  busy = false,
  disabled,
  onPress,
  onWarm,
}: {
  listening: boolean;
  /** The recording's words are being transcribed by the server. */
  busy?: boolean;
  disabled: boolean;
  onPress: () => void;
  /** The person is about to press (pointer over it, focus on it): time to fetch what it runs. */
  onWarm: () => void;
}) {
  const { t } = useTranslation();
  const label = t('com_ui_use_microphone');
  return (
    <>
      <button
        type="button"
        data-testid="mic-button"
        aria-pressed={listening}
        aria-busy={busy}
        aria-label={label}
        title={label}
        disabled={disabled}
        onClick={onPress}
        onPointerEnter={onWarm}
        onFocus={onWarm}
        className={clsx(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
          'disabled:cursor-not-allowed disabled:opacity-50',
          listening
            ? 'bg-surface-danger text-text-danger motion-safe:animate-pulse'
            : 'text-text-secondary hover:bg-surface-hover hover:text-text-primary',
        )}
      >
        <Mic className="size-5" aria-hidden />
      </button>
      <span role="status" aria-live="polite" className="sr-only" data-testid="mic-status">
        {listening ? t('com_voice_listening') : busy ? t('com_voice_transcribing') : ''}
      </span>
    </>
  );
}
