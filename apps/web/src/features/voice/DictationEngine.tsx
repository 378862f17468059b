import { useEffect, useRef } from 'react';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useVoicePref } from './prefs';
import { isQuietEnd, isRefusal } from './recognition';
import { speechLanguage } from './support';
import { useDictation } from './useDictation';

/** What the engine tells the microphone button: whether it listens, and its press. */
export interface DictationState {
  listening: boolean;
  /** The words are on their way back from the server (the External engine). */
  busy?: boolean;
  toggle: () => void;
}

export type EngineProps = Slots['chat.input.tools'] & {
  /** Loaded by a press: start listening as soon as it is there. */
  startAtOnce: boolean;
  report: (state: DictationState) => void;
};

/**
 * Dictation for the message box, in the UI's language; it draws nothing (the button is
 * MicToggle's). A press starts it, a second press, Escape or a send ends it; with "send
 * automatically" on, the message goes when the speech ends.
 */
export default function DictationEngine({
  text,
  setText,
  submit,
  sent,
  disabled,
  startAtOnce,
  report,
}: EngineProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [autoSend] = useVoicePref('autoSendText');
  const sendWhenDrawn = useRef(false);

  const { listening, toggle, stop, cancel } = useDictation({
    text,
    setText,
    lang: speechLanguage(i18n.language),
    onError: (error) => {
      if (isQuietEnd(error)) return;
      const key = isRefusal(error)
        ? 'com_voice_microphone_denied'
        : error === 'audio-capture'
          ? 'com_voice_no_microphone'
          : 'com_voice_recognition_error';
      toast.show({ message: t(key), severity: 'error' });
    },
    onDone: () => {
      if (autoSend) sendWhenDrawn.current = true;
    },
  });

  useEffect(() => report({ listening, toggle }), [report, listening, toggle]);

  // The press that loaded this code starts listening, once, when it has come (not again when the
  // language, and with it the toggle, changes).
  const firstToggle = useRef(toggle);
  useEffect(() => {
    if (startAtOnce) firstToggle.current();
  }, [startAtOnce]);

  // The automatic send waits for the box to show the last words (submit sends what it shows).
  useEffect(() => {
    if (!sendWhenDrawn.current) return;
    sendWhenDrawn.current = false;
    submit();
  });

  // A message sent (by Enter, the button or the automatic send) ends the listening.
  const sentBefore = useRef(sent);
  useEffect(() => {
    if (sent === sentBefore.current) return;
    sentBefore.current = sent;
    cancel();
  }, [sent, cancel]);

  // A locked box takes no words.
  useEffect(() => {
    if (disabled) cancel();
  }, [disabled, cancel]);

  // Escape ends the listening, before it would stop a reply; a modal dialog keeps its own Escape.
  useEffect(() => {
    if (!listening) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      stop();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, stop]);

  return null;
}
