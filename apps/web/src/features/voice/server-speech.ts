import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS, speechEngineOf, type SpeechConfig, type SpeechEngine } from '@chat/contract';
import { callApi } from '../../api/call';
import { setServerVoiceDefaults, useVoicePref, type VoicePrefs } from './prefs';

/** GET /api/files/speech/config/get's query key: asked once a session, the server's setting. */
const SPEECH_CONFIG_KEY = ['speech-config'] as const;

/** The speechTab values the web's preferences take as their defaults (LibreChat's names). */
function prefDefaultsOf(c: SpeechConfig): Partial<VoicePrefs> {
  const out: Partial<VoicePrefs> = {};
  if (c.speechToText !== undefined) out.speechToText = c.speechToText;
  if (c.textToSpeech !== undefined) out.textToSpeech = c.textToSpeech;
  if (c.voice !== undefined) out.voice = c.voice;
  // LibreChat's seconds: -1 is off, any delay on (sent when the speech ends here).
  if (c.autoSendText !== undefined) out.autoSendText = c.autoSendText >= 0;
  return out;
}

async function fetchSpeechConfig(): Promise<SpeechConfig> {
  const config = await callApi(API_ROUTE_PATHS.speechConfig, {});
  setServerVoiceDefaults(prefDefaultsOf(config));
  return config;
}

/** What the server offers for speech (undefined until it answered, or when it could not). */
export function useServerSpeech(): SpeechConfig | undefined {
  return useQuery({
    queryKey: SPEECH_CONFIG_KEY,
    queryFn: fetchSpeechConfig,
    staleTime: Infinity,
    retry: false,
  }).data;
}

/**
 * The engine dictation uses: the person's choice in Settings, else the server's speechTab
 * default; External only while the server has a speech-to-text service.
 */
export function useSttEngine(): SpeechEngine {
  const server = useServerSpeech();
  const [chosen] = useVoicePref('engineSTT');
  return speechEngineOf(chosen || undefined, server?.engineSTT, server?.sttExternal === true);
}

/** The engine Read aloud uses, chosen as dictation's is. */
export function useTtsEngine(): SpeechEngine {
  const server = useServerSpeech();
  const [chosen] = useVoicePref('engineTTS');
  return speechEngineOf(chosen || undefined, server?.engineTTS, server?.ttsExternal === true);
}
