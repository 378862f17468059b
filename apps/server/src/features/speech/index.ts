import { SPEECH_TEXTS } from '@chat/contract';
import { speechConfigFrom } from './yaml.js';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { proxiedFetch } from '../../platform/net/upstream-proxy.js';
import { speechRoutes } from './routes.js';
import { createSpeechService } from './service.js';

/**
 * Speech through the server (LibreChat's /api/files/speech): librechat.yaml's `speech.stt` and
 * `speech.tts` servers, spoken to in OpenAI's audio protocol (`/audio/transcriptions`,
 * `/audio/speech`) with the server's key, through PROXY when set; and the Speech tab's defaults
 * for the client. Without the block the routes answer: no voices, both engines the browser's, and
 * 404 for a transcription or speech asked for. Each call counts against LibreChat's TTS / STT
 * limits per user and per address (`rateLimits.tts`, `.stt`) on the moderation's counters.
 */
export const speechModule: FeatureModule = {
  name: 'speech',
  register({ app, config, use }) {
    const speechConfig = config.speech ?? speechConfigFrom(undefined, undefined, () => undefined);
    const speech = createSpeechService({
      config: speechConfig,
      fetch: config.proxy ? proxiedFetch(config.proxy) : globalThis.fetch,
    });
    const store = use('limiter');
    const limit = async (kind: 'tts' | 'stt', ip: string, userId: string) => {
      const l = speechConfig.limits[kind];
      if ((await store.hit(`${kind}_ip:${ip}`, l.ip.windowMs)) > l.ip.max)
        throw new AppError('too_many_requests', SPEECH_TEXTS.tooMany);
      if ((await store.hit(`${kind}_user:${userId}`, l.user.windowMs)) > l.user.max)
        throw new AppError('too_many_requests', SPEECH_TEXTS.tooMany);
    };
    speechRoutes(app, { speech, limit });
  },
};
