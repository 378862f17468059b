import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SPEECH_LIMITS, SPEECH_TEXTS, type SpeechConfig } from '@chat/contract';
import type { SpeechServerConfig, SpeechTarget } from './yaml.js';
import { AppError } from '../../platform/errors.js';
import type { ReceivedAudio } from './receive-audio.js';

/** The audio a TTS call answers: its type and its bytes as they arrive from the upstream. */
interface SpokenAudio {
  type: string;
  body: Readable;
}

export interface SpeechService {
  /** GET /api/files/speech/config/get. */
  config(): SpeechConfig;
  /** The voices offered ([] without TTS). */
  voices(): string[];
  /** Says `input`; the audio is streamed from the upstream as it comes. `signal`: the client left. */
  speak(input: string, voice: string | undefined, signal: AbortSignal): Promise<SpokenAudio>;
  /** Refuses (404) when the server has no STT server, before a recording is read. */
  requireStt(): void;
  /** The recording's words. */
  transcribe(audio: ReceivedAudio, signal: AbortSignal): Promise<string>;
}

/** The voice named in the file as "any voice" (LibreChat's `ALL`). */
const ANY_VOICE = 'ALL';

/** A voice the server offers: the one asked for when offered, else the first. */
function chooseVoice(voices: readonly string[], asked: string | undefined): string | undefined {
  const named = voices.filter((v) => v.toUpperCase() !== ANY_VOICE);
  const anyVoice = named.length < voices.length;
  if (asked && (anyVoice || named.includes(asked))) return asked;
  return named[0];
}

/**
 * The upstream's refusal as the API's error, in the product's words only: the upstream's body may
 * quote the key it refused, so nothing of it is passed on.
 */
function upstreamError(status: number): AppError {
  if (status === 401 || status === 403) return new AppError('upstream_auth', SPEECH_TEXTS.upstream);
  if (status === 429) return new AppError('upstream_rate_limited', SPEECH_TEXTS.upstream);
  if (status === 400 || status === 413 || status === 415 || status === 422)
    return new AppError('validation_error', SPEECH_TEXTS.upstreamRefused);
  return new AppError('upstream_error', SPEECH_TEXTS.upstream);
}

/**
 * Sends one request to a speech server with the server's key, refusing after
 * SPEECH_LIMITS.upstreamTimeoutMs without an answer's headers; `signal` (the client gone) ends it
 * at any time, the body's reading included.
 */
async function call(
  fetchFn: typeof globalThis.fetch,
  target: SpeechTarget,
  init: { body: RequestInit['body']; headers?: Record<string, string> },
  signal: AbortSignal,
): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), SPEECH_LIMITS.upstreamTimeoutMs);
  const both = AbortSignal.any([signal, timeout.signal]);
  try {
    const res = await fetchFn(target.url, {
      method: 'POST',
      headers: { ...target.headers, ...init.headers },
      body: init.body,
      signal: both,
      redirect: 'error',
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw upstreamError(res.status);
    }
    return res;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (timeout.signal.aborted) throw new AppError('upstream_timeout', SPEECH_TEXTS.upstream);
    if (signal.aborted) throw new AppError('aborted', 'The client went away');
    throw new AppError('upstream_unavailable', SPEECH_TEXTS.upstream);
  } finally {
    clearTimeout(timer);
  }
}

export function createSpeechService(deps: {
  config: SpeechServerConfig | undefined;
  /** PROXY's fetch when set, else the global one. */
  fetch: typeof globalThis.fetch;
}): SpeechService {
  const { config, fetch: fetchFn } = deps;
  return {
    config() {
      return {
        sttExternal: config?.stt !== undefined,
        ttsExternal: config?.tts !== undefined,
        ...config?.tab,
      };
    },
    voices() {
      return (config?.tts?.voices ?? []).filter((v) => v.toUpperCase() !== ANY_VOICE);
    },
    async speak(input, asked, signal) {
      const tts = config?.tts;
      if (!tts) throw new AppError('not_found', SPEECH_TEXTS.ttsOff);
      const voice = chooseVoice(tts.voices, asked);
      const res = await call(
        fetchFn,
        tts,
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: tts.model,
            input,
            ...(voice ? { voice } : {}),
            response_format: SPEECH_LIMITS.ttsFormat,
          }),
        },
        signal,
      );
      if (!res.body) throw new AppError('upstream_error', SPEECH_TEXTS.upstream);
      const type = res.headers.get('content-type') ?? '';
      return {
        type: /^audio\/[\w.+-]+$/i.test(type.split(';')[0]!.trim())
          ? type.split(';')[0]!.trim()
          : 'audio/mpeg',
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      };
    },
    requireStt() {
      if (!config?.stt) throw new AppError('not_found', SPEECH_TEXTS.sttOff);
    },
    async transcribe(audio, signal) {
      const stt = config?.stt;
      if (!stt) throw new AppError('not_found', SPEECH_TEXTS.sttOff);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.type }), audio.filename);
      if (stt.model) form.append('model', stt.model);
      form.append('response_format', 'json');
      const res = await call(fetchFn, stt, { body: form }, signal);
      let answer: unknown;
      try {
        answer = await res.json();
      } catch {
        throw new AppError('upstream_error', SPEECH_TEXTS.upstream);
      }
      const text = (answer as { text?: unknown } | null)?.text;
      if (typeof text !== 'string') throw new AppError('upstream_error', SPEECH_TEXTS.upstream);
      return text.trim().slice(0, SPEECH_LIMITS.maxTranscriptChars);
    },
  };
}
