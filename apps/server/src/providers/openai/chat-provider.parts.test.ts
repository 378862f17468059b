import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { fakeEndpoint } from '../../../test/support/chat-harness.js';
import { createOpenAIChatProvider } from './chat-provider.js';
import type { ProviderEvent, ProviderRequest } from '../types.js';

// Content parts, tools and tool calls over the OpenAI wire: what the adapter sends is read back
// from the fake's record of the request, what it yields comes from the fake's SSE stream.
let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

async function run(req: ProviderRequest) {
  const provider = createOpenAIChatProvider(fakeEndpoint(fake));
  const events: ProviderEvent[] = [];
  for await (const e of provider.stream(req, new AbortController().signal)) events.push(e);
  return events;
}
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const weather = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('OpenAI adapter: parts and tools', () => {
  it('sends image parts as image_url and tools as functions', async () => {
    const events = await run({
      model: 'gpt-4o-mini',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '[[fake reply="A dot"]] What is this?' },
            { type: 'image', url: `data:image/png;base64,${PIXEL}` },
            { type: 'image', url: 'https://example.com/cat.jpg' },
          ],
        },
      ],
      tools: [weather],
    });
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    const body = fake.requests.at(-1)!.body as { messages: unknown[]; tools: unknown[] };
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '[[fake reply="A dot"]] What is this?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        ],
      },
    ]);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'The weather in a city',
          parameters: weather.parameters,
        },
      },
    ]);
  });

  it('turns streamed tool_calls into whole tool-call events, then usage and finish', async () => {
    fake.enqueue({
      reply: 'Let me check.',
      toolCalls: [
        { name: 'get_weather', arguments: '{"city":"Paris"}' },
        { name: 'get_weather', arguments: '{"city":"Oslo"}' },
      ],
    });
    const events = await run({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Weather in Paris and Oslo?' }],
      tools: [weather],
    });
    const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
    expect(calls.map((c) => [c.name, JSON.parse(c.arguments) as unknown])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Oslo' }],
    ]);
    expect(calls.every((c) => c.id.length > 0)).toBe(true);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['usage', 'finish']);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
  });

  it('sends an assistant tool call and its tool result back in OpenAI format', async () => {
    await run({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
        },
        { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: 'Sunny, 21°C' },
      ],
      tools: [weather],
    });
    const body = fake.requests.at(-1)!.body as { messages: unknown[] };
    expect(body.messages).toMatchObject([
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21°C' },
    ]);
  });
});
