// Azure OpenAI's paths on the fake OpenAI server, against the AI SDK's own Azure provider (the
// `openai` package, whose AzureOpenAI client would be the other witness, is not installed).
import { createAzure } from '@ai-sdk/azure';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeServer } from '../index.js';
import { tokenize } from '../reply.js';

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'az-key' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const deployment = (opts: { apiKey?: string; apiVersion?: string } = {}) =>
  createAzure({
    baseURL: `${fake.origin}/openai`,
    apiKey: opts.apiKey ?? 'az-key',
    apiVersion: opts.apiVersion ?? '2024-10-21',
    useDeploymentBasedUrls: true,
  }).chat('my-gpt-4o');

async function stream(prompt: string, model = deployment()) {
  const deltas: string[] = [];
  let error: unknown;
  const result = streamText({ model, prompt, maxRetries: 0, onError: () => {} });
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') deltas.push(part.text);
      if (part.type === 'error') error ??= part.error;
    }
  } catch (e) {
    error ??= e;
  }
  return { deltas, text: deltas.join(''), error, result };
}

describe('Azure OpenAI paths through @ai-sdk/azure', () => {
  it('streams from /openai/deployments/{deployment}/chat/completions with api-version and api-key', async () => {
    const reply = 'Hello from an Azure deployment.';
    fake.enqueue({ reply });
    const { deltas, error, result } = await stream('hi');
    expect(error).toBeUndefined();
    // Azure's first chunk carries only the prompt filter results; the SDK skips it.
    expect(deltas).toEqual(tokenize(reply));
    expect(await result.finishReason).toBe('stop');
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe('/openai/deployments/my-gpt-4o/chat/completions?api-version=2024-10-21');
    expect(sent.headers['api-key']).toBe('az-key');
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('streams split frames with a UTF-8 character cut between them, intact', async () => {
    const reply = 'Grüße aus Köln 😀 und ein schönes Wochenende';
    expect((await stream(`[[fake reply="${reply}" split]]`)).text).toBe(reply);
  });

  it('answers one-shot requests and title requests', async () => {
    const once = await generateText({ model: deployment(), prompt: '[[fake reply="Done."]]', maxRetries: 0 });
    expect(once.text).toBe('Done.');
  });

  it('serves the v1 API path (/openai/v1/chat/completions, no api-version)', async () => {
    const v1 = createAzure({ baseURL: `${fake.origin}/openai/v1`, apiKey: 'az-key' }).chat('gpt-4o');
    expect((await stream('[[fake reply="v1 works"]]', v1)).text).toBe('v1 works');
    expect(fake.requests.at(-1)!.url).toBe('/openai/v1/chat/completions');
  });

  it.each([
    [401, /Access denied due to invalid subscription key/],
    [429, /exceeded token rate limit/],
    [500, /server had an error/],
  ])('answers status %i in Azure’s envelope', async (status, text) => {
    const { error } = await stream(`[[fake status=${status}]]`);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(status);
    expect((error as APICallError).message).toMatch(text);
    if (status === 429) expect((error as APICallError).responseHeaders?.['retry-after']).toBe('1');
  });

  it('refuses a wrong key, a missing api-version, and a filtered prompt as Azure does', async () => {
    const wrongKey = await stream('hi', deployment({ apiKey: 'nope' }));
    expect((wrongKey.error as APICallError).statusCode).toBe(401);
    const res = await fetch(`${fake.origin}/openai/deployments/d/chat/completions`, {
      method: 'POST',
      headers: { 'api-key': 'az-key' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
    const filtered = await stream('[[fake error=moderation]]');
    expect((filtered.error as APICallError).statusCode).toBe(400);
    expect((filtered.error as APICallError).responseBody).toContain('"code":"content_filter"');
  });
});
