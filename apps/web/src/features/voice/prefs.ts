import { useCallback, useSyncExternalStore } from 'react';

/**
 * The speech preferences, kept in this browser under LibreChat's local storage names and in its
 * shape (JSON values): speechToText and textToSpeech on by default, no voice chosen (the
 * browser's for the language), and autoSendText as LibreChat keeps it, a number of seconds
 * with -1 for off; here on is 0 (the message goes as soon as the speech ends).
 */
export interface VoicePrefs {
  speechToText: boolean;
  textToSpeech: boolean;
  /** The name of the browser voice that reads replies; '' for the language's default. */
  voice: string;
  autoSendText: boolean;
  /**
   * Where dictation and Read aloud happen (LibreChat's engineSTT / engineTTS): 'browser' or
   * 'external' (the server's speech service); '' until the person picks one, which follows the
   * server's speechTab default.
   */
  engineSTT: string;
  engineTTS: string;
}

const VOICE_LOCAL_KEYS = {
  speechToText: 'speechToText',
  textToSpeech: 'textToSpeech',
  voice: 'voice',
  autoSendText: 'autoSendText',
  engineSTT: 'engineSTT',
  engineTTS: 'engineTTS',
} as const satisfies Record<keyof VoicePrefs, string>;

const DEFAULTS: VoicePrefs = {
  speechToText: true,
  textToSpeech: true,
  voice: '',
  autoSendText: false,
  engineSTT: '',
  engineTTS: '',
};

type Codec<T> = { read: (stored: unknown) => T | undefined; write: (value: T) => unknown };

const flag: Codec<boolean> = {
  read: (v) => (typeof v === 'boolean' ? v : undefined),
  write: (v) => v,
};

const text: Codec<string> = { read: (v) => (typeof v === 'string' ? v : undefined), write: (v) => v };

const CODECS: { [K in keyof VoicePrefs]: Codec<VoicePrefs[K]> } = {
  speechToText: flag,
  textToSpeech: flag,
  voice: text,
  engineSTT: text,
  engineTTS: text,
  // LibreChat's seconds (any delay counts as on), or a plain true / false.
  autoSendText: {
    read: (v) => (typeof v === 'number' ? v >= 0 : typeof v === 'boolean' ? v : undefined),
    write: (v) => (v ? 0 : -1),
  },
};

const listeners = new Set<() => void>();

/** The server's speechTab values (GET /api/files/speech/config/get): the defaults where set. */
let serverDefaults: Partial<VoicePrefs> = {};

const defaultOf = <K extends keyof VoicePrefs>(key: K): VoicePrefs[K] => serverDefaults[key] ?? DEFAULTS[key];

/** What the server's speechTab sets becomes the default of each preference the person has not chosen. */
export function setServerVoiceDefaults(defaults: Partial<VoicePrefs>): void {
  serverDefaults = defaults;
  for (const l of listeners) l();
}

export function readVoicePref<K extends keyof VoicePrefs>(key: K): VoicePrefs[K] {
  try {
    const raw = localStorage.getItem(VOICE_LOCAL_KEYS[key]);
    if (raw !== null) return CODECS[key].read(JSON.parse(raw)) ?? defaultOf(key);
  } catch {
    // Storage off, or a value that is not JSON: the default.
  }
  return defaultOf(key);
}

export function writeVoicePref<K extends keyof VoicePrefs>(key: K, value: VoicePrefs[K]): void {
  try {
    localStorage.setItem(VOICE_LOCAL_KEYS[key], JSON.stringify(CODECS[key].write(value)));
  } catch {
    // Storage off or full: the choice lasts for this page only (nothing is kept).
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed one (or cleared the storage).
  const names: readonly string[] = Object.values(VOICE_LOCAL_KEYS);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || names.includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** One speech preference and its setter; every reader re-renders when it changes, in any tab. */
export function useVoicePref<K extends keyof VoicePrefs>(
  key: K,
): [VoicePrefs[K], (value: VoicePrefs[K]) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readVoicePref(key),
    () => defaultOf(key),
  );
  const set = useCallback((next: VoicePrefs[K]) => writeVoicePref(key, next), [key]);
  return [value, set];
}
