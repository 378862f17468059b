/*
 * The browser's speech recognition (the Web Speech API), as much of it as dictation uses. The
 * DOM's type library has its result lists but not the recognizer itself, and Chromium and Safari
 * still name it webkitSpeechRecognition.
 */

/** The part of a result event dictation reads. */
interface RecognitionResultEvent {
  /** The first result this event changed; those before it are as the last event left them. */
  resultIndex: number;
  results: SpeechRecognitionResultList;
}

/** The part of SpeechRecognition dictation drives. */
export interface Recognizer {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start: () => void;
  stop: () => void;
  abort: () => void;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type RecognizerConstructor = new () => Recognizer;

/** The engine's constructor, or null where the browser has none (Firefox, jsdom). */
export function recognizerConstructor(): RecognizerConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as Window & {
    SpeechRecognition?: RecognizerConstructor;
    webkitSpeechRecognition?: RecognizerConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Whether the person refused the microphone (or the browser refuses it for this page). */
export const isRefusal = (error: string): boolean =>
  error === 'not-allowed' || error === 'service-not-allowed';

/**
 * Errors that are no failure to report: nothing was said before the engine gave up, or the
 * dictation was cancelled (a send).
 */
export const isQuietEnd = (error: string): boolean => error === 'no-speech' || error === 'aborted';

/** Languages written without spaces between words: their pieces of speech join as they are. */
const UNSPACED = /^(ja|zh|th|lo|km|my)\b/i;

/** How the words of one language join: with a space, or none (Japanese, Chinese, Thai…). */
export const wordGap = (lang: string): string => (UNSPACED.test(lang) ? '' : ' ');

/**
 * `addition` after `base`, a gap between them unless one side is empty or base already ends in
 * white space (a new line the person typed stays as it is).
 */
export function joinSpeech(base: string, addition: string, gap: string): string {
  const add = addition.trim();
  if (add === '') return base;
  if (base === '' || /\s$/.test(base)) return base + add;
  return base + gap + add;
}

/**
 * What one result event says: the words it made final (from its first changed result on) and the
 * words still being heard (every result not yet final).
 */
export function readResults(event: RecognitionResultEvent, gap: string): { final: string; interim: string } {
  let final = '';
  let interim = '';
  const { results } = event;
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    if (!result) continue;
    const words = result[0]?.transcript ?? '';
    if (!result.isFinal) interim = joinSpeech(interim, words, gap);
    else if (i >= event.resultIndex) final = joinSpeech(final, words, gap);
  }
  return { final, interim };
}
