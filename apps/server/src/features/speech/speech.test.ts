import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heardText, startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { SPEECH_LIMITS, SPEECH_TEXTS } from '@chat/contract';
import { speechConfigFrom, type YamlSpeech } from './yaml.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

/** The speech block of a librechat.yaml pointing at the fake (its key 'speech-key'). */
function block(fake: FakeOpenAIServer, extra: Partial<YamlSpeech> = {}): YamlSpeech {
  return {
    tts: { openai: { url: fake.url, apiKey: 'speech-key', model: 'tts-1', voices: ['alloy', 'nova'] } },
    stt: { openai: { url: `${fake.url}/audio/transcriptions`, apiKey: 'speech-key', model: 'whisper-1' } },
    speechTab: {
      speechToText: { engineSTT: 'external' },
      textToSpeech: { engineTTS: 'external', voice: 'nova' },
    },
    ...extra,
  };
}

function recording(bytes: Uint8Array, type = 'audio/webm'): FormData {
  const form = new FormData();
  form.append('audio', new Blob([bytes], { type }), 'audio.webm');
  return form;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('speech through the server (fake OpenAI audio API over HTTP)', () => {
  let fake: FakeOpenAIServer;
  let h: Harness;
  let token: string;
  let api: ReturnType<typeof authed>;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'speech-key' });
    const speech = speechConfigFrom(block(fake), { tts: { userMax: 3 } }, () => undefined);
    h = await startTestApp({ speech });
    token = (await registerUser(h.url)).token;
    api = authed(h.url, token);
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it('answers the speech tab defaults and which engines the server has, LibreChat-shaped', async () => {
    const res = await api('/api/files/speech/config/get');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sttExternal: true,
      ttsExternal: true,
      engineSTT: 'external',
      engineTTS: 'external',
      voice: 'nova',
    });
  });

  it('lists the voices', async () => {
    const res = await api('/api/files/speech/tts/voices');
    expect(await res.json()).toEqual(['alloy', 'nova']);
  });

  it('speaks a text: the upstream gets model, input, voice and mp3, the browser gets the audio', async () => {
    fake.reset();
    const res = await api('/api/files/speech/tts', {
      body: { input: 'Hello from the reply', voice: 'nova' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const audio = new Uint8Array(await res.arrayBuffer());
    // Silent MPEG-1 Layer III frames: each starts with the frame sync.
    expect(audio.length % 417).toBe(0);
    expect([...audio.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    const call = fake.requests.find((r) => r.path === '/v1/audio/speech');
    expect(call?.body).toEqual({
      model: 'tts-1',
      input: 'Hello from the reply',
      voice: 'nova',
      response_format: 'mp3',
    });
    expect(call?.headers.authorization).toBe('Bearer speech-key');
  });

  it('uses the first voice for one the server does not offer', async () => {
    fake.reset();
    const res = await api('/api/files/speech/tts', { body: { input: 'Hi', voice: 'somebody' } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(fake.requests.find((r) => r.path === '/v1/audio/speech')?.body).toMatchObject({ voice: 'alloy' });
  });

  it('transcribes a recording: its bytes reach the upstream whole', async () => {
    fake.reset();
    const bytes = new Uint8Array(5000).map((_, i) => (i * 7) % 256);
    const res = await fetch(`${h.url}/api/files/speech/stt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: recording(bytes),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: heardText(bytes.length, sha(bytes)) });
    const call = fake.requests.find((r) => r.path === '/v1/audio/transcriptions');
    expect(call?.body).toMatchObject({
      fields: { model: 'whisper-1' },
      files: { file: { type: 'audio/webm' } },
    });
  });

  it('refuses bad input: too long a text, no audio part, an empty or a JSON body', async () => {
    const long = await api('/api/files/speech/tts', {
      body: { input: 'x'.repeat(SPEECH_LIMITS.maxInputChars + 1) },
    });
    expect(long.status).toBe(400);
    const empty = await api('/api/files/speech/tts', { body: { input: '  ' } });
    expect(empty.status).toBe(400);
    const form = new FormData();
    form.append('other', 'x');
    const noAudio = await fetch(`${h.url}/api/files/speech/stt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(noAudio.status).toBe(400);
    expect(((await noAudio.json()) as { message: string }).message).toBe(SPEECH_TEXTS.noAudio);
    const zero = await fetch(`${h.url}/api/files/speech/stt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: recording(new Uint8Array(0)),
    });
    expect(zero.status).toBe(400);
    const json = await api('/api/files/speech/stt', { body: { audio: 'x' } });
    expect(json.status).toBe(415);
  });

  it('refuses a recording past the size limit with 413', async () => {
    const big = new Uint8Array(SPEECH_LIMITS.maxAudioBytes + 1);
    const res = await fetch(`${h.url}/api/files/speech/stt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: recording(big),
    });
    expect(res.status).toBe(413);
  });

  it('answers 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/files/speech/config/get'],
      ['GET', '/api/files/speech/tts/voices'],
      ['POST', '/api/files/speech/tts'],
      ['POST', '/api/files/speech/stt'],
    ] as const) {
      const res = await fetch(`${h.url}${path}`, { method });
      expect(res.status, path).toBe(401);
    }
  });

  it("passes on an upstream's refusal in its own words, never the upstream's", async () => {
    const res = await api('/api/files/speech/tts', { body: { input: 'Fail [[fake status=500]]' } });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { message: string; code: string };
    expect(body).toMatchObject({ code: 'upstream_error', message: SPEECH_TEXTS.upstream });
  });

  it('limits TTS per user (rateLimits.tts.userMax) with 429', async () => {
    const other = authed(h.url, (await registerUser(h.url)).token);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await other('/api/files/speech/tts', { body: { input: `Number ${i}` } });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('speech with a wrong key, Azure, and none configured', () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'right-key' });
  });
  afterAll(() => fake.close());

  it('a key the upstream refuses is 502 upstream_auth, and the key is not in the answer', async () => {
    const speech = speechConfigFrom(
      { tts: { openai: { url: fake.url, apiKey: 'wrong-key', model: 'tts-1', voices: ['alloy'] } } },
      undefined,
      () => undefined,
    );
    const h = await startTestApp({ speech });
    try {
      const api = authed(h.url, (await registerUser(h.url)).token);
      const res = await api('/api/files/speech/tts', { body: { input: 'Hi' } });
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(text).not.toContain('wrong-key');
      expect(JSON.parse(text)).toMatchObject({ code: 'upstream_auth' });
    } finally {
      await h.close();
    }
  });

  it('azureOpenAI: the deployment path with api-version and the api-key header', async () => {
    fake.reset();
    const azure = {
      instanceName: fake.origin,
      apiKey: 'right-key',
      deploymentName: 'voice',
      apiVersion: '2024-06-01',
    };
    const speech = speechConfigFrom(
      { tts: { azureOpenAI: { ...azure, model: 'tts-1', voices: ['alloy'] } }, stt: { azureOpenAI: azure } },
      undefined,
      () => undefined,
    );
    const h = await startTestApp({ speech });
    try {
      const token = (await registerUser(h.url)).token;
      const tts = await authed(h.url, token)('/api/files/speech/tts', { body: { input: 'Hi there' } });
      expect(tts.status).toBe(200);
      await tts.arrayBuffer();
      const bytes = new Uint8Array([1, 2, 3, 4]);
      const stt = await fetch(`${h.url}/api/files/speech/stt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: recording(bytes),
      });
      expect(await stt.json()).toEqual({ text: heardText(4, sha(bytes)) });
      const paths = fake.requests.map((r) => r.url);
      expect(paths).toContain('/openai/deployments/voice/audio/speech?api-version=2024-06-01');
      expect(paths).toContain('/openai/deployments/voice/audio/transcriptions?api-version=2024-06-01');
      expect(fake.requests.every((r) => r.headers['api-key'] === 'right-key')).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('without a speech block: browser engines, no voices, 404 for speech asked for', async () => {
    const h = await startTestApp({});
    try {
      const api = authed(h.url, (await registerUser(h.url)).token);
      expect(await (await api('/api/files/speech/config/get')).json()).toEqual({
        sttExternal: false,
        ttsExternal: false,
      });
      expect(await (await api('/api/files/speech/tts/voices')).json()).toEqual([]);
      const tts = await api('/api/files/speech/tts', { body: { input: 'Hi' } });
      expect(tts.status).toBe(404);
      expect(((await tts.json()) as { message: string }).message).toBe(SPEECH_TEXTS.ttsOff);
    } finally {
      await h.close();
    }
  });
});
