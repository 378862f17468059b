import { describe, expect, it } from 'vitest';
import { describeProviderChat } from '../../../test/support/provider-suite.js';
import { FAKE_KEY } from '../../../test/support/provider-harness.js';
import { GOOGLE_SPEC, type SentContents } from '../../../test/support/google-spec.js';
import { googleAdapter } from './adapter.js';

// The google endpoint over HTTP against the fake Gemini API.
const chat = describeProviderChat(GOOGLE_SPEC);

const generation = (body: Record<string, unknown>) => (body as unknown as SentContents).generationConfig;

describe('google parameters and models', () => {
  it('sends the contract defaults in generationConfig, and nothing OpenAI-only', async () => {
    const { alice, lastStream, lastStreamRequest } = chat();
    await alice.ask({ text: 'Defaults [[fake reply="ok"]]', frequency_penalty: 1 });
    expect(generation(lastStream())).toEqual({
      temperature: 0.2,
      topP: 0.8,
      topK: 40,
      maxOutputTokens: 1024,
    });
    const sent = lastStreamRequest();
    expect(sent.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(sent.headers['x-goog-api-key']).toBe(FAKE_KEY);
  });

  it('sends the conversation’s own values, max output tokens clamped to the model’s cap', async () => {
    const { alice, lastStream } = chat();
    await alice.ask({
      text: 'Own [[fake reply="ok"]]',
      temperature: 0.7,
      topP: 0.5,
      topK: 3,
      maxOutputTokens: 9000,
    });
    expect(generation(lastStream())).toEqual({ temperature: 0.7, topP: 0.5, topK: 3, maxOutputTokens: 2048 });
    await alice.ask({ text: 'Pro [[fake reply="ok"]]', model: 'gemini-pro', maxOutputTokens: 9000 });
    expect(generation(lastStream())).toMatchObject({ maxOutputTokens: 8192 });
    expect((await alice.ask({ text: 'Too hot', temperature: 1.5 })).status).toBe(400);
  });

  it('sends the examples as turns before the conversation', async () => {
    const { alice, lastStream } = chat();
    await alice.ask({
      text: 'Ping? [[fake reply="Pong."]]',
      examples: [{ input: { content: 'Marco?' }, output: { content: 'Polo.' } }],
    });
    const turns = (lastStream() as unknown as SentContents).contents.map((c) => [
      c.role,
      c.parts.map((p) => p.text).join(''),
    ]);
    expect(turns).toEqual([
      ['user', 'Marco?'],
      ['model', 'Polo.'],
      ['user', 'Ping? [[fake reply="Pong."]]'],
    ]);
  });

  it('lists the models that chat (generateContent), named as requests name them', async () => {
    const { h } = chat();
    const creds = { apiKey: FAKE_KEY, baseURL: h.fake.url };
    const models = await googleAdapter.listModels!(h.endpoint, creds, AbortSignal.timeout(3000));
    expect(models).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-pro']);
    const wrong = googleAdapter.listModels!(
      h.endpoint,
      { ...creds, apiKey: 'wrong' },
      AbortSignal.timeout(3000),
    );
    await expect(wrong).rejects.toThrow(/400/);
  });
});
