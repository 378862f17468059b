import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import { receiveAudio } from './receive-audio.js';
import type { SpeechService } from './service.js';

/** Aborts when the client goes away before its answer is all sent (the upstream call ends too). */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * LibreChat's speech routes. `limit` counts a call against the caller's and the address's
 * TTS or STT limit first (429 past it). TTS answers the upstream's audio as it arrives, never
 * kept by a cache; a client that leaves ends the upstream's call.
 */
export function speechRoutes(
  app: FastifyInstance,
  deps: {
    speech: SpeechService;
    limit: (kind: 'tts' | 'stt', ip: string, userId: string) => Promise<void>;
  },
): void {
  const { speech, limit } = deps;
  addRoute(app, API_ROUTES.speechConfig, async () => speech.config());
  addRoute(app, API_ROUTES.ttsVoices, async () => speech.voices());
  addRoute(app, API_ROUTES.textToSpeech, async ({ user, body, request, reply }) => {
    await limit('tts', request.ip, user.id);
    const signal = clientGone(reply);
    const audio = await speech.speak(body.input, body.voice, signal);
    audio.body.on('error', () => undefined);
    return reply
      .type(audio.type)
      .header('cache-control', 'no-store')
      .header('content-disposition', 'inline')
      .send(audio.body);
  });
  addRoute(app, API_ROUTES.speechToText, async ({ user, request, reply }) => {
    speech.requireStt();
    await limit('stt', request.ip, user.id);
    const audio = await receiveAudio(request);
    return { text: await speech.transcribe(audio, clientGone(reply)) };
  });
}
