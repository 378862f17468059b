import { API_ROUTE_PATHS, SPEECH_LIMITS } from '@chat/contract';
import { apiFetch, toApiError } from '../../api/http';
import { onStopPlayback, stopAllPlayback } from './playback';
import { markSpeaking } from './speaker';
import { speechChunks } from './speech-text';

/*
 * Replies read aloud by the server's text to speech (POST /api/files/speech/tts): the text in
 * pieces the server takes (at most SPEECH_LIMITS.maxInputChars each, whole sentences where they
 * fit), each played in an audio element as soon as it has come, the next one fetched while the
 * one before plays. One reading for the page, as the browser's: a new one stops it, and so do
 * Stop and leaving the conversation.
 */

const MAX = SPEECH_LIMITS.maxInputChars;

/** The text in pieces of whole sentences (cut where one sentence alone is too long). */
function serverPieces(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const chunk of speechChunks(text, 1000)) {
    for (let i = 0; i < chunk.length; i += MAX) {
      const part = chunk.slice(i, i + MAX);
      if (current !== '' && current.length + 1 + part.length > MAX) {
        out.push(current);
        current = '';
      }
      current = current === '' ? part : `${current}\n${part}`;
    }
  }
  if (current !== '') out.push(current);
  return out;
}

interface Reading {
  controller: AbortController;
  audio: HTMLAudioElement | null;
  urls: string[];
}

let reading: Reading | null = null;

function stopExternal(): void {
  const r = reading;
  if (!r) return;
  reading = null;
  r.controller.abort();
  if (r.audio) {
    r.audio.pause();
    r.audio.removeAttribute('src');
  }
  for (const url of r.urls) URL.revokeObjectURL(url);
  markSpeaking(null);
}
onStopPlayback(stopExternal);

async function fetchAudio(input: string, voice: string, r: Reading): Promise<string> {
  const res = await apiFetch(API_ROUTE_PATHS.textToSpeech.path, {
    method: 'POST',
    json: { input, ...(voice ? { voice } : {}) },
    signal: r.controller.signal,
  });
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  r.urls.push(url);
  return url;
}

/** Plays one piece to its end (or until the reading stops). */
function play(url: string, r: Reading, rate: number | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const audio = new Audio(url);
    if (rate !== undefined) audio.playbackRate = rate;
    r.audio = audio;
    const done = () => {
      r.controller.signal.removeEventListener('abort', done);
      resolve();
    };
    audio.addEventListener('ended', done, { once: true });
    audio.addEventListener('error', () => reject(new Error('playback')), { once: true });
    r.controller.signal.addEventListener('abort', done, { once: true });
    audio.play().catch(reject);
  });
}

/**
 * Reads `text` as the reply `id` with the server's voice `voice` ('' for the server's default), at
 * the speechTab's `playbackRate` when it sets one; `onError` hears a failure (not a stop).
 */
export async function speakExternal(
  id: string,
  text: string,
  voice: string,
  onError: (err: unknown) => void,
  rate?: number,
): Promise<void> {
  stopAllPlayback();
  const pieces = serverPieces(text);
  if (pieces.length === 0) return;
  const r: Reading = { controller: new AbortController(), audio: null, urls: [] };
  reading = r;
  markSpeaking(id);
  try {
    let next = fetchAudio(pieces[0]!, voice, r);
    for (let i = 0; i < pieces.length; i++) {
      const url = await next;
      if (reading !== r) return;
      // The next piece comes while this one plays.
      if (i + 1 < pieces.length) {
        next = fetchAudio(pieces[i + 1]!, voice, r);
        next.catch(() => undefined);
      }
      await play(url, r, rate);
      if (reading !== r) return;
    }
    stopExternal();
  } catch (err) {
    if (reading !== r) return;
    stopExternal();
    onError(err);
  }
}
