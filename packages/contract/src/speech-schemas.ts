import { z } from 'zod';
import { route } from './route-def.js';
import { SPEECH_LIMITS, type SpeechConfig } from './speech.js';

/** The shapes and routes of speech through the server (speech.ts: limits, texts, engines). */

/** POST /api/files/speech/tts, LibreChat's body: the text to say and, optionally, a voice offered. */
export const textToSpeechBodySchema = z.object({
  input: z.string().trim().min(1).max(SPEECH_LIMITS.maxInputChars),
  voice: z.string().trim().min(1).max(SPEECH_LIMITS.maxVoiceChars).optional(),
});
export type TextToSpeechBody = z.infer<typeof textToSpeechBodySchema>;

/** POST /api/files/speech/stt: the recording is the multipart part `audio`; no text fields. */
export const speechToTextFieldsSchema = z.object({});

/** What a transcription answers (LibreChat's `{ text }`). */
export const speechToTextResponseSchema = z.object({ text: z.string() });
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;

export const speechConfigSchema = z.object({
  sttExternal: z.boolean(),
  ttsExternal: z.boolean(),
  advancedMode: z.boolean().optional(),
  conversationMode: z.boolean().optional(),
  speechToText: z.boolean().optional(),
  engineSTT: z.string().optional(),
  languageSTT: z.string().optional(),
  autoTranscribeAudio: z.boolean().optional(),
  decibelValue: z.number().optional(),
  autoSendText: z.number().optional(),
  textToSpeech: z.boolean().optional(),
  engineTTS: z.string().optional(),
  voice: z.string().optional(),
  languageTTS: z.string().optional(),
  automaticPlayback: z.boolean().optional(),
  playbackRate: z.number().optional(),
  cacheTTS: z.boolean().optional(),
}) satisfies z.ZodType<SpeechConfig>;

/** LibreChat's speech routes under /api/files/speech. */
export const SPEECH_ROUTES = {
  speechToText: route({
    method: 'POST',
    path: '/api/files/speech/stt',
    summary:
      "Transcribe a recording (multipart: audio) through the server's speech-to-text server; 404 when none is configured",
    multipart: { file: 'audio', fields: speechToTextFieldsSchema },
    response: speechToTextResponseSchema,
  }),
  textToSpeech: route({
    method: 'POST',
    path: '/api/files/speech/tts',
    summary:
      "Say a text (input, voice) through the server's text-to-speech server: audio/mpeg, streamed as it comes; 404 when none is configured",
    body: textToSpeechBodySchema,
    response: z.unknown(),
    binary: true,
  }),
  ttsVoices: route({
    method: 'GET',
    path: '/api/files/speech/tts/voices',
    summary: "The voices the server's text-to-speech offers (empty when none is configured)",
    response: z.array(z.string()),
  }),
  speechConfig: route({
    method: 'GET',
    path: '/api/files/speech/config/get',
    summary:
      'Whether the server has speech-to-text and text-to-speech, and the Speech settings it starts people with',
    response: speechConfigSchema,
  }),
} as const;
