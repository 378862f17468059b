import { useSyncExternalStore } from 'react';
import { onStopPlayback, stopAllPlayback } from './playback';
import { speechChunks } from './speech-text';

/*
 * Replies read aloud by the browser's speech synthesis, one at a time for the whole page: reading
 * a reply stops the one being read. The reply being read is a small external store, so each
 * reply's button shows whether it is the one.
 */

let speaking: string | null = null;
// The utterances of the reading in progress; an event of any other (a cancelled reading) is stale.
let reading: readonly SpeechSynthesisUtterance[] = [];
const listeners = new Set<() => void>();

function setSpeaking(id: string | null): void {
  if (speaking === id) return;
  speaking = id;
  for (const l of listeners) l();
}

/** Which reply the server's audio reads (external-speaker.ts): the buttons show it as the browser's. */
export const markSpeaking = setSpeaking;

type SynthesisWindow = Window & {
  speechSynthesis?: SpeechSynthesis;
  SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance;
};

/** The engine and its utterance, or null where the browser has none (jsdom, some webviews). */
function engine(): { synth: SpeechSynthesis; Utterance: typeof SpeechSynthesisUtterance } | null {
  if (typeof window === 'undefined') return null;
  const w = window as SynthesisWindow;
  return w.speechSynthesis && w.SpeechSynthesisUtterance
    ? { synth: w.speechSynthesis, Utterance: w.SpeechSynthesisUtterance }
    : null;
}

/** The browser's voices (none until it has loaded them: `voiceschanged` says when). */
export function voicesOf(): SpeechSynthesisVoice[] {
  return engine()?.synth.getVoices() ?? [];
}

/** Stops the reading in progress, if any. */
export function stopSpeaking(): void {
  const e = engine();
  const wasReading = reading.length > 0;
  reading = [];
  if (e && wasReading) e.synth.cancel();
  setSpeaking(null);
}

onStopPlayback(stopSpeaking);

/**
 * Reads `text` as the reply `id`, in `lang`, with the voice named `voiceName` when the browser has
 * it (its own language then); a reading in progress stops first.
 */
export function speak(id: string, text: string, lang: string, voiceName: string): void {
  const e = engine();
  if (!e) return;
  stopAllPlayback();
  const chunks = speechChunks(text);
  if (chunks.length === 0) return;
  const voice = voiceName ? e.synth.getVoices().find((v) => v.name === voiceName) : undefined;
  const utterances = chunks.map((chunk) => {
    const u = new e.Utterance(chunk);
    u.lang = voice?.lang ?? lang;
    if (voice) u.voice = voice;
    return u;
  });
  const end = (u: SpeechSynthesisUtterance) => () => {
    if (!reading.includes(u)) return;
    reading = [];
    setSpeaking(null);
  };
  for (const u of utterances) u.onerror = end(u);
  const last = utterances[utterances.length - 1];
  if (last) last.onend = end(last);
  reading = utterances;
  setSpeaking(id);
  for (const u of utterances) e.synth.speak(u);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => speaking;

/** The id of the reply being read, or null. */
export function useSpeaking(): string | null {
  return useSyncExternalStore(subscribe, current, current);
}
