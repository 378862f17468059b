// The fake's audio routes checked with the AI SDK's OpenAI speech and transcription models: the
// protocol a real client speaks, over real HTTP.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateSpeech as generateSpeech, experimental_transcribe as transcribe } from 'ai';
import { heardText, startFakeOpenAI, type FakeOpenAIServer } from './index.js';

let fake: FakeOpenAIServer;
let openai: ReturnType<typeof createOpenAI>;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'audio-key' });
  openai = createOpenAI({ baseURL: fake.url, apiKey: 'audio-key' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('the fake OpenAI audio API', () => {
  it('speaks: an MP3 by default, a WAV when asked, longer for a longer text', async () => {
    const short = await generateSpeech({ model: openai.speech('tts-1'), text: 'Hi', voice: 'alloy' });
    expect(short.audio.mediaType).toBe('audio/mpeg');
    expect([...short.audio.uint8Array.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    const long = await generateSpeech({ model: openai.speech('tts-1'), text: 'Hello there, '.repeat(10) });
    expect(long.audio.uint8Array.length).toBeGreaterThan(short.audio.uint8Array.length);

    const wav = await generateSpeech({ model: openai.speech('tts-1'), text: 'Hi', outputFormat: 'wav' });
    expect(wav.audio.mediaType).toBe('audio/wav');
    expect(Buffer.from(wav.audio.uint8Array.subarray(0, 4)).toString('ascii')).toBe('RIFF');
    expect(fake.requests[0]?.body).toMatchObject({ model: 'tts-1', input: 'Hi', voice: 'alloy' });
  });

  it('transcribes: the text names the upload, its fields are recorded', async () => {
    const audio = new Uint8Array(1234).map((_, i) => i % 251);
    const result = await transcribe({ model: openai.transcription('whisper-1'), audio });
    const sha = createHash('sha256').update(audio).digest('hex');
    expect(result.text).toBe(heardText(1234, sha));
    expect(fake.requests[0]?.body).toMatchObject({
      multipart: true,
      fields: { model: 'whisper-1' },
      files: { file: { size: 1234, sha256: sha } },
    });
  });

  it('refuses a wrong key and an empty input as the API does', async () => {
    const wrong = createOpenAI({ baseURL: fake.url, apiKey: 'nope' });
    await expect(
      generateSpeech({ model: wrong.speech('tts-1'), text: 'Hi', maxRetries: 0 }),
    ).rejects.toThrow();
    const res = await fetch(`${fake.url}/audio/speech`, {
      method: 'POST',
      headers: { authorization: 'Bearer audio-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: '' }),
    });
    expect(res.status).toBe(400);
  });
});
