import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { joinSpeech, readResults, recognizerConstructor, wordGap, type Recognizer } from './recognition';

interface DictationOptions {
  /** The box's text as last drawn. */
  text: string;
  setText: (text: string) => void;
  /** The language heard (a BCP 47 tag). */
  lang: string;
  /** The engine failed or refused (its error code, or 'start' when it would not start). */
  onError: (error: string) => void;
  /** Listening ended by itself or by stop, having put words in the box. */
  onDone: () => void;
}

interface Dictation {
  listening: boolean;
  /** Starts listening, or asks the engine to stop (it hands over its last words, then ends). */
  toggle: () => void;
  stop: () => void;
  /** Ends at once, dropping what the engine has not yet made final (the text was sent). */
  cancel: () => void;
}

/**
 * Dictation into the message box. The words still being heard are shown at the end of the box and
 * replaced as the engine changes its mind; final words stay. What the person typed before or
 * while listening is kept: the box's text is read again at each result, and only the words this
 * dictation last put at its end are replaced.
 */
export function useDictation({ text, setText, lang, onError, onDone }: DictationOptions): Dictation {
  const [listening, setListening] = useState(false);
  const engine = useRef<Recognizer | null>(null);
  // The box's text as dictation last knew it (drawn, or written here and not yet drawn).
  const latest = useRef(text);
  // The words still being heard, as they stand at the end of the box (with their gap).
  const shown = useRef('');
  // Whether this listening put any words in the box.
  const added = useRef(false);
  const handlers = useRef({ setText, onError, onDone });
  useLayoutEffect(() => {
    latest.current = text;
    handlers.current = { setText, onError, onDone };
  });

  const write = useCallback((final: string, interim: string, gap: string) => {
    const now = latest.current;
    const typed =
      shown.current !== '' && now.endsWith(shown.current)
        ? now.slice(0, now.length - shown.current.length)
        : now;
    const withFinal = joinSpeech(typed, final, gap);
    const next = joinSpeech(withFinal, interim, gap);
    shown.current = next.slice(withFinal.length);
    if (final.trim() !== '') added.current = true;
    if (next === now) return;
    latest.current = next;
    handlers.current.setText(next);
  }, []);

  const cancel = useCallback(() => {
    const rec = engine.current;
    if (!rec) return;
    engine.current = null;
    shown.current = '';
    setListening(false);
    rec.abort();
  }, []);

  const stop = useCallback(() => engine.current?.stop(), []);

  const start = useCallback(() => {
    const Engine = recognizerConstructor();
    if (!Engine) return;
    const rec = new Engine();
    const gap = wordGap(lang);
    rec.lang = lang;
    rec.continuous = true;
    rec.interimResults = true;
    // Events of a recognizer this hook has let go of (cancelled) change nothing.
    rec.onresult = (event) => {
      if (engine.current !== rec) return;
      const { final, interim } = readResults(event, gap);
      write(final, interim, gap);
    };
    rec.onerror = (event) => {
      if (engine.current === rec) handlers.current.onError(event.error);
    };
    rec.onend = () => {
      if (engine.current !== rec) return;
      engine.current = null;
      // Words heard but never made final stay: the person saw them in the box.
      if (shown.current.trim() !== '') added.current = true;
      shown.current = '';
      setListening(false);
      if (added.current) handlers.current.onDone();
    };
    engine.current = rec;
    shown.current = '';
    added.current = false;
    try {
      rec.start();
      setListening(true);
    } catch {
      engine.current = null;
      handlers.current.onError('start');
    }
  }, [lang, write]);

  const toggle = useCallback(() => (engine.current ? stop() : start()), [start, stop]);

  // Leaving the screen ends the listening.
  useEffect(() => cancel, [cancel]);

  return { listening, toggle, stop, cancel };
}
