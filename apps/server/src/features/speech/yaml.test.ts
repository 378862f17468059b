import { describe, expect, it } from 'vitest';
import { SPEECH_RATE_LIMIT_DEFAULTS } from '@chat/contract';
import { applyYamlConfig, buildAppConfig, configSecrets } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { parseYamlConfig } from '../../config/yaml-config.js';
import { audioUrl } from './yaml.js';

// LibreChat's example block, its keys named through the environment.
const FILE = `
version: 1.2.1
speech:
  tts:
    openai:
      url: ''
      apiKey: '\${TTS_API_KEY}'
      model: 'tts-1'
      voices: ['alloy', 'echo']
    elevenlabs:
      apiKey: '\${ELEVENLABS_KEY}'
      model: eleven_multilingual_v2
      voices: ['202898wioas09d2']
  stt:
    openai:
      url: 'http://localhost:8000/v1'
      apiKey: '\${STT_API_KEY}'
      model: 'whisper-1'
  speechTab:
    conversationMode: true
    advancedMode: false
    speechToText:
      engineSTT: 'external'
      languageSTT: 'English (US)'
      autoTranscribeAudio: true
      decibelValue: -45
      autoSendText: 0
    textToSpeech:
      engineTTS: 'external'
      voice: 'alloy'
      languageTTS: 'en'
      automaticPlayback: true
      playbackRate: 1.0
      cacheTTS: true
rateLimits:
  stt:
    userMax: 5
`;
const VARS = { TTS_API_KEY: 'tts-secret', STT_API_KEY: 'stt-secret' };

describe('librechat.yaml speech', () => {
  it('reads the servers, the ${VAR} keys and the speech tab; other providers are named, not read', () => {
    const yaml = parseYamlConfig(FILE, 'librechat.yaml', VARS);
    const speech = yaml.speech!;
    expect(speech.tts).toEqual({
      provider: 'openai',
      url: 'https://api.openai.com/v1/audio/speech',
      headers: { authorization: 'Bearer tts-secret' },
      model: 'tts-1',
      voices: ['alloy', 'echo'],
    });
    expect(speech.stt).toMatchObject({
      url: 'http://localhost:8000/v1/audio/transcriptions',
      headers: { authorization: 'Bearer stt-secret' },
      model: 'whisper-1',
    });
    expect(speech.tab).toEqual({
      conversationMode: true,
      advancedMode: false,
      engineSTT: 'external',
      languageSTT: 'English (US)',
      autoTranscribeAudio: true,
      decibelValue: -45,
      autoSendText: 0,
      engineTTS: 'external',
      voice: 'alloy',
      languageTTS: 'en',
      automaticPlayback: true,
      playbackRate: 1,
      cacheTTS: true,
    });
    expect(speech.limits.stt.user).toEqual({ max: 5, windowMs: 60_000 });
    expect(speech.limits.tts.ip.max).toBe(SPEECH_RATE_LIMIT_DEFAULTS.tts.ipMax);
    // ElevenLabs' key names a variable not set: not read, so no error; named once at start.
    expect(yaml.ignored).toEqual(['speech.tts.elevenlabs']);
    const warnings: string[] = [];
    applyYamlConfig([], yaml, (m) => warnings.push(m));
    expect(warnings).toEqual(['librechat.yaml: not supported (yet), ignored: speech.tts.elevenlabs']);
  });

  it('the keys are cut out of logs like every configured secret', () => {
    const yaml = parseYamlConfig(FILE, 'librechat.yaml', VARS);
    const config = buildAppConfig(
      parseEnv({}),
      {
        JWT_SECRET: 'a'.repeat(64),
        JWT_REFRESH_SECRET: 'b'.repeat(64),
        CREDS_KEY: 'c'.repeat(64),
        CREDS_IV: 'd'.repeat(32),
      },
      yaml,
    );
    expect(configSecrets(config)).toEqual(expect.arrayContaining(['tts-secret', 'stt-secret']));
  });

  it('an unset key variable stops start-up naming it, never a value', () => {
    expect(() => parseYamlConfig(FILE, 'librechat.yaml', { TTS_API_KEY: 'x' })).toThrow(
      /speech\.stt\.openai\.apiKey: environment variable STT_API_KEY is not set/,
    );
  });

  it('booleans for the tabs, both providers written (openai used, azure named), unknown keys named', () => {
    const yaml = parseYamlConfig(
      `
speech:
  tts:
    openai: { apiKey: k, model: m, voices: [a] }
    azureOpenAI: { instanceName: i, apiKey: k, deploymentName: d, apiVersion: v, model: m, voices: [a] }
    localai: { url: 'http://x', voices: [a], backend: b }
  speechTab:
    speechToText: false
    textToSpeech: true
    somethingNew: 1
`,
      'librechat.yaml',
      {},
    );
    expect(yaml.speech?.tab).toEqual({ speechToText: false, textToSpeech: true });
    expect(yaml.speech?.tts?.provider).toBe('openai');
    expect(yaml.speech?.stt).toBeUndefined();
    expect(yaml.ignored.sort()).toEqual(['speech.speechTab.somethingNew', 'speech.tts.localai']);
    expect(yaml.unhonoured).toEqual(['speech.tts.azureOpenAI (one TTS server: speech.tts.openai is used)']);
  });

  it('a bad value stops start-up with its path', () => {
    expect(() =>
      parseYamlConfig(
        'speech:\n  tts:\n    openai: { apiKey: k, model: m, voices: [] }\n',
        'librechat.yaml',
        {},
      ),
    ).toThrow(/speech\.tts\.openai\.voices/);
  });

  it("url: LibreChat's whole URL, a base URL, or OpenAI's when empty", () => {
    expect(audioUrl('https://api.example.com/v1/audio/speech', 'speech')).toBe(
      'https://api.example.com/v1/audio/speech',
    );
    expect(audioUrl('http://localhost:8000/v1/', 'transcriptions')).toBe(
      'http://localhost:8000/v1/audio/transcriptions',
    );
    expect(audioUrl('', 'speech')).toBe('https://api.openai.com/v1/audio/speech');
    expect(audioUrl(undefined, 'transcriptions')).toBe('https://api.openai.com/v1/audio/transcriptions');
  });
});
