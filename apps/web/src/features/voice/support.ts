/*
 * Whether the browser has its speech engines: read by the slots before any of voice's code loads
 * (the rest comes in chunks of its own, fetched only where an engine is there to use).
 */

type SpeechWindow = Window & {
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
  speechSynthesis?: unknown;
  SpeechSynthesisUtterance?: unknown;
  Audio?: unknown;
  MediaRecorder?: unknown;
};

const speechWindow = (): SpeechWindow | null => (typeof window === 'undefined' ? null : window);

/** The browser can hear (the Web Speech API's recognition; not Firefox). */
export function canListen(): boolean {
  const w = speechWindow();
  return (
    !!w && (typeof w.SpeechRecognition === 'function' || typeof w.webkitSpeechRecognition === 'function')
  );
}

/** The browser can speak (speech synthesis and its utterances). */
export function canSpeak(): boolean {
  const w = speechWindow();
  return !!w?.speechSynthesis && typeof w.SpeechSynthesisUtterance === 'function';
}

/**
 * The UI language as the speech engines name it: its own tag, except Traditional Chinese (zh-TC
 * here), which they know as zh-TW.
 */
export const speechLanguage = (uiLanguage: string): string => (uiLanguage === 'zh-TC' ? 'zh-TW' : uiLanguage);

/** The browser can record the microphone (for the server's speech to text). */
export function canRecord(): boolean {
  const w = speechWindow();
  return (
    !!w &&
    typeof w.MediaRecorder === 'function' &&
    typeof w.navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The browser can play audio the server sends (an audio element). */
export const canPlay = (): boolean => typeof speechWindow()?.Audio === 'function';
