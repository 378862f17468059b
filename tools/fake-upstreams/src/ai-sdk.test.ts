// End-to-end over real HTTP with the Vercel AI SDK, exactly as the app talks to upstreams.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, jsonSchema, streamText, tool } from 'ai';
import { startFakeOpenAI, type FakeOpenAIServer } from './index.js';
import { defaultReply, tokenize } from './reply.js';

let fake: FakeOpenAIServer;
let model: ReturnType<ReturnType<typeof createOpenAI>['chat']>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  model = createOpenAI({ baseURL: fake.url, apiKey: 'test-key' }).chat('gpt-4o-mini');
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/**
 * Drains a streamText result. ai@6 reports upstream errors either as `error` parts or — for a
 * body that breaks mid-stream — by throwing from the iterator, so both are collected.
 */
async function collect(result: ReturnType<typeof streamText>) {
  const deltas: string[] = [];
  const types: string[] = [];
  let error: unknown;
  try {
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'text-delta') deltas.push(part.text);
      if (part.type === 'error') error ??= part.error;
    }
  } catch (e) {
    error ??= e;
  }
  return { deltas, types, error, text: deltas.join('') };
}

const stream = (prompt: string, extra: { abortSignal?: AbortSignal } = {}) =>
  collect(streamText({ model, prompt, maxRetries: 0, onError: () => {}, ...extra }));

describe('with the AI SDK', () => {
  it('streams the scripted reply, one chunk per token, with usage', async () => {
    const reply = 'Hello there, this is a **scripted** reply.\n\n- a\n- b';
    fake.enqueue({ reply });
    const result = streamText({ model, prompt: 'hi', maxRetries: 0 });
    const { deltas, text, error } = await collect(result);
    expect(error).toBeUndefined();
    expect(text).toBe(reply);
    expect(deltas).toEqual(tokenize(reply));
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(tokenize(reply).length);
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  it('streams the deterministic default reply derived from the prompt', async () => {
    const { text } = await stream('[[fake tps=0]] Explain closures');
    expect(text).toBe(defaultReply('Explain closures'));
  });

  it('reads the directive from array-of-parts user content', async () => {
    const { text } = await collect(
      streamText({
        model,
        maxRetries: 0,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'first part' },
              { type: 'text', text: '[[fake reply="from parts"]]' },
            ],
          },
        ],
      }),
    );
    expect(text).toBe('from parts');
  });

  it('answers non-streaming requests', async () => {
    fake.enqueue({ reply: 'Just one answer.', finishReason: 'length' });
    const result = await generateText({ model, prompt: 'hi', maxRetries: 0 });
    expect(result.text).toBe('Just one answer.');
    expect(result.finishReason).toBe('length');
    expect(result.usage.outputTokens).toBe(3);
  });

  it('reports finish=length from a directive', async () => {
    const result = streamText({ model, prompt: '[[fake reply="cut" finish=length]]', maxRetries: 0 });
    await collect(result);
    expect(await result.finishReason).toBe('length');
  });

  it.each([401, 429, 500, 503] as const)('answers status %i as an API error', async (status) => {
    fake.enqueue({ status });
    const err = await generateText({ model, prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).statusCode).toBe(status);
    expect((err as APICallError).message).toMatch(/\w/);
    if (status === 429) expect((err as APICallError).responseHeaders?.['retry-after']).toBe('1');
  });

  it('surfaces a status directive as a stream error', async () => {
    const { error, deltas } = await stream('[[fake status=500]] hi');
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(500);
    expect(deltas).toEqual([]);
  });

  it('failAfter delivers N tokens then breaks the stream', async () => {
    const { deltas, error } = await stream('[[fake reply="a b c d e f g h" failAfter=5]]');
    expect(deltas).toEqual(['a', ' b', ' c', ' d', ' e']);
    expect(error).toBeDefined();
  });

  it('hang can be aborted by an AbortSignal', async () => {
    const started = Date.now();
    const { deltas, types } = await stream('[[fake hang]]', { abortSignal: AbortSignal.timeout(150) });
    expect(deltas).toEqual([]);
    expect(types.includes('abort') || types.includes('error')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('hangAfter sends N tokens, then stalls until aborted', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const result = streamText({
      model,
      prompt: '[[fake reply="one two three four" hangAfter=2]]',
      maxRetries: 0,
      abortSignal: controller.signal,
      onError: () => {},
      onChunk: ({ chunk }) => {
        if (chunk.type === 'text-delta') deltas.push(chunk.text);
        if (deltas.length === 2) setTimeout(() => controller.abort(), 100);
      },
    });
    await collect(result);
    expect(deltas).toEqual(['one', ' two']);
  });

  it('paces tokens at tokensPerSecond', async () => {
    fake.enqueue({ reply: 'a b c d e f g h i j', tokensPerSecond: 50 });
    const started = performance.now();
    const { deltas } = await stream('hi');
    expect(deltas).toHaveLength(10);
    // Token i is due at i * 20 ms, so the 10th arrives after ≥ 180 ms (lower bound only).
    expect(performance.now() - started).toBeGreaterThanOrEqual(175);
  });

  it('consumes enqueued scripts in FIFO order, then falls back to the default', async () => {
    fake.enqueue({ reply: 'first' });
    fake.enqueue({ reply: 'second' });
    expect((await stream('x')).text).toBe('first');
    expect((await generateText({ model, prompt: 'x', maxRetries: 0 })).text).toBe('second');
    expect((await stream('x')).text).toBe(defaultReply('x'));
  });

  it('answers title requests with the first sentence, without consuming the queue', async () => {
    fake.enqueue({ reply: 'for the chat' });
    const title = await generateText({
      model,
      maxRetries: 0,
      system: 'Generate a short title for this conversation.',
      prompt: '[[fake status=500]] How do I bake sourdough bread at home?',
    });
    expect(title.text).toBe('How do I bake sourdough bread at home?');
    expect((await stream('next')).text).toBe('for the chat');
  });

  it('answers a title request that offers a title function with a call of it', async () => {
    const result = await generateText({
      model,
      maxRetries: 0,
      system: 'Generate a short title for this conversation.',
      prompt: 'Why is the sky blue? Explain briefly.',
      tools: {
        submit_title: tool({
          description: 'Submit the title',
          inputSchema: jsonSchema<{ title: string }>({
            type: 'object',
            properties: { title: { type: 'string' } },
            required: ['title'],
          }),
        }),
      },
      toolChoice: { type: 'tool', toolName: 'submit_title' },
    });
    expect(result.text).toBe('');
    expect(result.finishReason).toBe('tool-calls');
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ['submit_title', { title: 'Why is the sky blue?' }],
    ]);
    expect(fake.requests.at(-1)?.body).toMatchObject({
      tool_choice: { type: 'function', function: { name: 'submit_title' } },
    });
  });

  it('continues an answer when the last message is from the assistant', async () => {
    const { text } = await collect(
      streamText({
        model,
        maxRetries: 0,
        messages: [
          { role: 'user', content: 'Tell me a story' },
          { role: 'assistant', content: 'Once upon a time' },
        ],
      }),
    );
    expect(text).toBe(' …and this continues the previous answer.');
  });

  it('records request bodies for assertions', async () => {
    await stream('recorded prompt');
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe('/v1/chat/completions');
    expect(last.body).toMatchObject({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user' }] });
    expect(last.headers.authorization).toBe('Bearer test-key');
  });
});
