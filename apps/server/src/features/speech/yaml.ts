import { z } from 'zod';
import {
  SPEECH_LIMITS,
  SPEECH_RATE_LIMIT_DEFAULTS,
  type SpeechConfig,
  type SpeechProvider,
} from '@chat/contract';
import { yamlBlock, type EnvString } from '../../config/yaml-block.js';

/**
 * librechat.yaml `speech` (LibreChat's block): `tts` and `stt`, each an OpenAI-compatible server
 * (`openai`: a URL, key and model; `azureOpenAI`: the same protocol at a deployment's path), and
 * `speechTab`, the Speech settings a person starts with. LibreChat's other TTS providers
 * (`elevenlabs`, `localai`) speak other protocols: accepted by name, left out, and named in the
 * start-up warning. `${VAR}` references (LibreChat's `${TTS_API_KEY}`, `${STT_API_KEY}`) are read
 * from the environment by the string schema the caller hands in.
 */

const OPENAI_AUDIO_BASE = 'https://api.openai.com/v1';

/** The block as the file writes it; `str` replaces `${VAR}` references (config/yaml-config.ts). */
function yamlSpeechSchema(str: EnvString) {
  const voices = z.array(z.string().trim().min(1).max(SPEECH_LIMITS.maxVoiceChars)).min(1).max(200);
  const openaiCommon = {
    // LibreChat's `url` is the whole URL of the call; a base URL (…/v1) is read as such too.
    url: str.optional(),
    apiKey: str,
    model: str,
  };
  const azureCommon = {
    instanceName: str,
    apiKey: str,
    deploymentName: str,
    apiVersion: str,
  };
  // Another provider's block: taken by name (its keys may name variables not set), not read.
  const elsewhere = z.record(z.string(), z.unknown()).nullish();
  const speechToText = z.union([
    z.boolean(),
    z.strictObject({
      engineSTT: z.string().max(100).optional(),
      languageSTT: z.string().max(100).optional(),
      autoTranscribeAudio: z.boolean().optional(),
      decibelValue: z.number().optional(),
      autoSendText: z.number().optional(),
    }),
  ]);
  const textToSpeech = z.union([
    z.boolean(),
    z.strictObject({
      engineTTS: z.string().max(100).optional(),
      voice: z.string().max(SPEECH_LIMITS.maxVoiceChars).optional(),
      languageTTS: z.string().max(100).optional(),
      automaticPlayback: z.boolean().optional(),
      playbackRate: z.number().min(0.25).max(4).optional(),
      cacheTTS: z.boolean().optional(),
    }),
  ]);
  return z.strictObject({
    tts: z
      .strictObject({
        openai: z.strictObject({ ...openaiCommon, voices }).nullish(),
        azureOpenAI: z.strictObject({ ...azureCommon, model: str, voices }).nullish(),
        elevenlabs: elsewhere,
        localai: elsewhere,
      })
      .nullish(),
    stt: z
      .strictObject({
        openai: z.strictObject(openaiCommon).nullish(),
        azureOpenAI: z.strictObject(azureCommon).nullish(),
      })
      .nullish(),
    speechTab: z
      .strictObject({
        conversationMode: z.boolean().optional(),
        advancedMode: z.boolean().optional(),
        speechToText: speechToText.optional(),
        textToSpeech: textToSpeech.optional(),
      })
      .nullish(),
  });
}
export type YamlSpeech = z.output<ReturnType<typeof yamlSpeechSchema>>;

/** Where one kind of speech call goes: the whole URL, how the key is sent, the model. */
export interface SpeechTarget {
  provider: SpeechProvider;
  url: string;
  /** The request header that carries the key (`Authorization: Bearer …`, Azure's `api-key`). */
  headers: Record<string, string>;
  /** The model named in the body; an Azure deployment is named by its path (STT sends none). */
  model?: string | undefined;
}

interface SpeechRateLimit {
  ip: { max: number; windowMs: number };
  user: { max: number; windowMs: number };
}

/** The speech the server offers, as the feature reads it. */
export interface SpeechServerConfig {
  tts?: (SpeechTarget & { voices: string[] }) | undefined;
  stt?: SpeechTarget | undefined;
  /** GET /api/files/speech/config/get's answer, apart from the two flags. */
  tab: Omit<SpeechConfig, 'sttExternal' | 'ttsExternal'>;
  limits: { tts: SpeechRateLimit; stt: SpeechRateLimit };
  /** Every key, for the logger's redaction. */
  secrets: string[];
}

/** `url` as the whole URL of `op`: LibreChat's whole URL as it is, a base URL with `/audio/<op>`. */
export function audioUrl(url: string | undefined, op: 'speech' | 'transcriptions'): string {
  const given = (url ?? '').trim().replace(/\/+$/, '');
  if (given === '') return `${OPENAI_AUDIO_BASE}/audio/${op}`;
  if (/\/audio\/(speech|transcriptions)(\?.*)?$/.test(given)) return given;
  return `${given}/audio/${op}`;
}

/**
 * Azure's address of a deployment's audio call (LibreChat's genAzureEndpoint): the resource
 * `https://<instanceName>.openai.azure.com`, or the instance name itself when it is a URL (a
 * resource behind another host name).
 */
function azureAudioUrl(
  a: { instanceName: string; deploymentName: string; apiVersion: string },
  op: 'speech' | 'transcriptions',
): string {
  const origin = /^https?:\/\//i.test(a.instanceName)
    ? a.instanceName.replace(/\/+$/, '')
    : `https://${a.instanceName}.openai.azure.com`;
  return `${origin}/openai/deployments/${encodeURIComponent(a.deploymentName)}/audio/${op}?api-version=${encodeURIComponent(a.apiVersion)}`;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** One `rateLimits.tts` / `.stt` entry as the file writes it (each field may be left out). */
interface RateLimitEntry {
  ipMax?: number | undefined;
  ipWindowInMinutes?: number | undefined;
  userMax?: number | undefined;
  userWindowInMinutes?: number | undefined;
}

function limitOf(d: Required<RateLimitEntry>, set: RateLimitEntry | null | undefined): SpeechRateLimit {
  const v = {
    ipMax: set?.ipMax ?? d.ipMax,
    ipWindowInMinutes: set?.ipWindowInMinutes ?? d.ipWindowInMinutes,
    userMax: set?.userMax ?? d.userMax,
    userWindowInMinutes: set?.userWindowInMinutes ?? d.userWindowInMinutes,
  };
  return {
    ip: { max: v.ipMax, windowMs: v.ipWindowInMinutes * 60_000 },
    user: { max: v.userMax, windowMs: v.userWindowInMinutes * 60_000 },
  };
}

/**
 * The speech of this file: one TTS and one STT server (openai before azureOpenAI when both are
 * written, the other named in `unhonoured`), the Speech tab's defaults flattened as LibreChat
 * answers them, and the limits (`rateLimits.tts` / `.stt` over LibreChat's defaults).
 */
export function speechConfigFrom(
  block: YamlSpeech | null | undefined,
  rateLimits:
    { tts?: RateLimitEntry | null | undefined; stt?: RateLimitEntry | null | undefined } | undefined,
  unhonoured: (path: string, why: string) => void,
): SpeechServerConfig {
  const secrets: string[] = [];
  let tts: SpeechServerConfig['tts'];
  let stt: SpeechServerConfig['stt'];
  const t = block?.tts;
  if (t?.openai) {
    tts = {
      provider: 'openai',
      url: audioUrl(t.openai.url, 'speech'),
      headers: bearer(t.openai.apiKey),
      model: t.openai.model,
      voices: t.openai.voices,
    };
    secrets.push(t.openai.apiKey);
    if (t.azureOpenAI) unhonoured('speech.tts.azureOpenAI', 'one TTS server: speech.tts.openai is used');
  } else if (t?.azureOpenAI) {
    tts = {
      provider: 'azureOpenAI',
      url: azureAudioUrl(t.azureOpenAI, 'speech'),
      headers: { 'api-key': t.azureOpenAI.apiKey },
      model: t.azureOpenAI.model,
      voices: t.azureOpenAI.voices,
    };
    secrets.push(t.azureOpenAI.apiKey);
  }
  const s = block?.stt;
  if (s?.openai) {
    stt = {
      provider: 'openai',
      url: audioUrl(s.openai.url, 'transcriptions'),
      headers: bearer(s.openai.apiKey),
      model: s.openai.model,
    };
    secrets.push(s.openai.apiKey);
    if (s.azureOpenAI) unhonoured('speech.stt.azureOpenAI', 'one STT server: speech.stt.openai is used');
  } else if (s?.azureOpenAI) {
    stt = {
      provider: 'azureOpenAI',
      url: azureAudioUrl(s.azureOpenAI, 'transcriptions'),
      headers: { 'api-key': s.azureOpenAI.apiKey },
    };
    secrets.push(s.azureOpenAI.apiKey);
  }
  const tab: SpeechServerConfig['tab'] = {};
  const st = block?.speechTab;
  if (st?.advancedMode !== undefined) tab.advancedMode = st.advancedMode;
  if (st?.conversationMode !== undefined) tab.conversationMode = st.conversationMode;
  if (typeof st?.speechToText === 'boolean') tab.speechToText = st.speechToText;
  else if (st?.speechToText) Object.assign(tab, definedOf(st.speechToText));
  if (typeof st?.textToSpeech === 'boolean') tab.textToSpeech = st.textToSpeech;
  else if (st?.textToSpeech) Object.assign(tab, definedOf(st.textToSpeech));
  return {
    tts,
    stt,
    tab,
    limits: {
      tts: limitOf(SPEECH_RATE_LIMIT_DEFAULTS.tts, rateLimits?.tts),
      stt: limitOf(SPEECH_RATE_LIMIT_DEFAULTS.stt, rateLimits?.stt),
    },
    secrets,
  };
}

function definedOf<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The providers of `speech.tts` written in the file that are not used here (elevenlabs, localai). */
function unsupportedSpeechProviders(block: YamlSpeech | null | undefined): string[] {
  const t = block?.tts;
  if (!t) return [];
  return (['elevenlabs', 'localai'] as const).filter((p) => t[p] != null).map((p) => `speech.tts.${p}`);
}

/**
 * The `speech` block and its limits (`rateLimits.tts`, `.stt`): the servers resolved when the file
 * is read; none kept when the file has neither (the module then answers with LibreChat's limits
 * and no server).
 */
export const speechYaml = yamlBlock({
  key: 'speech',
  schema: yamlSpeechSchema,
  rateLimits: ['tts', 'stt'] as const,
  // LibreChat's other TTS providers speak their own protocols: named with the keys not read.
  ignored: unsupportedSpeechProviders,
  fromFile: (block: YamlSpeech | undefined, { rateLimits, unhonoured }) =>
    block || rateLimits.tts || rateLimits.stt ? speechConfigFrom(block, rateLimits, unhonoured) : undefined,
  toConfig: (speech: SpeechServerConfig | undefined): SpeechAppConfig => ({ speech }),
});

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface SpeechAppConfig {
  /** librechat.yaml `speech`: the STT and TTS servers and the Speech tab's defaults; none when absent. */
  speech?: SpeechServerConfig | undefined;
}
