// The fakes a plugins agent talks to, checked with the AI SDK as the app uses it: tool calls from
// a directive over several steps, the Images API, and the Tavily search API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage, generateText, jsonSchema, stepCountIs, tool } from 'ai';
import {
  FAKE_PNG_BASE64,
  startFakeOpenAI,
  startFakeTavily,
  tavilyResults,
  type FakeServer,
} from './index.js';
import { parseDirectives } from './directive.js';

let fake: FakeServer;
let tavily: FakeServer;
let openai: ReturnType<typeof createOpenAI>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  tavily = await startFakeTavily({ apiKey: 'tvly-test-key-123' });
  openai = createOpenAI({ baseURL: fake.url, apiKey: 'test-key' });
});
afterAll(async () => {
  await fake.close();
  await tavily.close();
});
beforeEach(() => fake.reset());

describe('tool-call directives', () => {
  it('parse into calls, args belonging to the tool named last', () => {
    const { script } = parseDirectives(
      '[[fake tool=calculator args="{\\"input\\":\\"2+2\\"}" tool=datetime]] hi',
    );
    expect(script?.toolCalls).toEqual([
      { name: 'calculator', arguments: '{"input":"2+2"}' },
      { name: 'datetime', arguments: '{}' },
    ]);
  });

  it('drive a multi-step agent: calls first, then an answer quoting the results', async () => {
    const calls: unknown[] = [];
    const result = await generateText({
      model: openai.chat('gpt-4o-mini'),
      prompt: 'What is 6*7? [[fake tool=calculator args="{\\"input\\":\\"6*7\\"}"]]',
      tools: {
        calculator: tool({
          inputSchema: jsonSchema<{ input: string }>({
            type: 'object',
            properties: { input: { type: 'string' } },
            required: ['input'],
          }),
          execute: async (args) => {
            calls.push(args);
            return '42';
          },
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(calls).toEqual([{ input: '6*7' }]);
    expect(result.steps).toHaveLength(2);
    expect(result.text).toBe('The tools answered: "42".');
    const second = fake.requests.at(-1)!.body as { messages: { role: string }[] };
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });
});

describe('the Images API', () => {
  it('answers b64_json images the SDK decodes', async () => {
    const { images } = await generateImage({ model: openai.image('dall-e-3'), prompt: 'a red fox', n: 1 });
    expect(images).toHaveLength(1);
    expect(images[0]!.base64).toBe(FAKE_PNG_BASE64);
    const body = fake.requests.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'dall-e-3', prompt: 'a red fox', response_format: 'b64_json' });
  });

  it('answers URLs with response_format url, and errors on a directive', async () => {
    const res = await fetch(`${fake.url}/images/generations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a fox', response_format: 'url', n: 2 }),
    });
    const json = (await res.json()) as { data: { url: string }[] };
    expect(json.data).toHaveLength(2);
    const png = await fetch(json.data[0]!.url);
    expect(png.headers.get('content-type')).toBe('image/png');
    await expect(
      generateImage({
        model: openai.image('dall-e-3'),
        prompt: '[[fake error=moderation]] x',
        maxRetries: 0,
      }),
    ).rejects.toThrow(/safety system/);
  });
});

describe('the Tavily fake', () => {
  it('answers results for a key, 401 without one', async () => {
    const ok = await fetch(`${tavily.url}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tvly-test-key-123' },
      body: JSON.stringify({ query: 'Fastify plugins', max_results: 2 }),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { results: unknown }).results).toEqual(tavilyResults('Fastify plugins', 2));
    const refused = await fetch(`${tavily.url}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'x' }),
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: { error: 'Unauthorized: missing or invalid API key.' } });
  });
});
