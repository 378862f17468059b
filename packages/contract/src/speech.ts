/**
 * Speech through the server: librechat.yaml's `speech` block (an OpenAI-compatible
 * speech-to-text and text-to-speech server, and the defaults of the Speech settings), served at
 * LibreChat's /api/files/speech routes. Zod-free: the web's voice feature and the server read
 * these; the schemas and route rows are in speech-schemas.ts.
 */

/** Where dictation and Read aloud happen (LibreChat's STTEndpoints / TTSEndpoints). */
export type SpeechEngine = 'browser' | 'external';

/**
 * The provider blocks of LibreChat's `speech.tts` and `speech.stt` used here: both speak OpenAI's
 * audio API (Azure at a deployment's path). Its `elevenlabs` and `localai` are named in the
 * start-up warning and not used.
 */
export type SpeechProvider = 'openai' | 'azureOpenAI';

export const SPEECH_LIMITS = {
  /** The longest text one TTS request may speak (OpenAI's own limit for /audio/speech). */
  maxInputChars: 4096,
  /** The largest recording one STT request may send (OpenAI's limit for a transcription). */
  maxAudioBytes: 25 * 1024 * 1024,
  /** The longest voice name accepted. */
  maxVoiceChars: 100,
  /** How long the server waits for the upstream's answer to start (ms). */
  upstreamTimeoutMs: 60_000,
  /** The longest transcription answered (characters). */
  maxTranscriptChars: 100_000,
  /** The audio format asked of the TTS server (every OpenAI-compatible one speaks it; browsers play it). */
  ttsFormat: 'mp3',
  /** Where the web's recorder cuts a recording that runs on (ms). */
  maxRecordingMs: 5 * 60_000,
} as const;

/**
 * How often one may call the speech routes: LibreChat's `rateLimits.tts` and `rateLimits.stt`
 * defaults (TTS_IP_MAX…, STT_IP_MAX…): per source address and per user, windows in minutes.
 */
export const SPEECH_RATE_LIMIT_DEFAULTS = {
  tts: { ipMax: 100, ipWindowInMinutes: 1, userMax: 50, userWindowInMinutes: 1 },
  stt: { ipMax: 100, ipWindowInMinutes: 1, userMax: 50, userWindowInMinutes: 1 },
} as const;

/** The server's words (English; the web shows its own translated texts). */
export const SPEECH_TEXTS = {
  ttsOff: 'Text to speech is not configured on this server',
  sttOff: 'Speech to text is not configured on this server',
  noAudio: 'Send the recording as multipart/form-data in the field "audio"',
  audioTooLarge: `The recording is larger than ${SPEECH_LIMITS.maxAudioBytes / 1024 / 1024} MB`,
  emptyAudio: 'The recording is empty',
  upstream: 'The speech server did not answer',
  upstreamRefused: 'The speech server refused the request',
  tooMany: 'Too many speech requests. Try again later',
} as const;

/**
 * GET /api/files/speech/config/get: what the client starts its Speech settings from (LibreChat's
 * answer: whether the server has each engine, then the `speechTab` values set, flattened).
 */
export interface SpeechConfig {
  sttExternal: boolean;
  ttsExternal: boolean;
  advancedMode?: boolean;
  conversationMode?: boolean;
  speechToText?: boolean;
  engineSTT?: string;
  languageSTT?: string;
  autoTranscribeAudio?: boolean;
  decibelValue?: number;
  autoSendText?: number;
  textToSpeech?: boolean;
  engineTTS?: string;
  voice?: string;
  languageTTS?: string;
  automaticPlayback?: boolean;
  playbackRate?: number;
  cacheTTS?: boolean;
}

/** The engine the client uses: the person's choice when the server has it, else the browser's. */
export function speechEngineOf(
  chosen: string | undefined,
  serverDefault: string | undefined,
  serverHasIt: boolean,
): SpeechEngine {
  const pick = chosen ?? serverDefault;
  // LibreChat's files may name a provider (openai, …) as the engine: that is the server's engine.
  const external = pick !== undefined && pick !== 'browser';
  return external && serverHasIt ? 'external' : 'browser';
}
