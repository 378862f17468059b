import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
  type FakeServer,
  type RecordedRequest,
} from '@chat/fake-upstreams';
import type { EndpointDefinition } from '../config/app-config.js';
import { fakeProviderEndpoint, FAKE_KEY, type ProviderKind } from '../../test/support/provider-harness.js';
import type { ProviderAdapter } from './adapter-types.js';
import { ADAPTERS } from './adapters.js';
import type { ProviderEvent, ProviderRequest, ProviderToolCall } from './types.js';

// Every adapter whose models call tools, over HTTP against the fake of its wire protocol with
// the SDK the app uses: the tools go out in the provider's format, the model's call comes back
// as a tool-call event, and the tool's answer goes back in the provider's format (the fake then
// quotes it, as a model would).

const weather = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const ASK = 'Weather in Paris? [[fake tool=get_weather args="{\\"city\\":\\"Paris\\"}"]]';

interface Case {
  name: string;
  kind: ProviderKind | 'openAI' | 'custom';
  model: string;
  /** The tools as the request carried them, in the provider's own shape. */
  sentTools(body: Record<string, unknown>): unknown;
  /** The tool's answer as the second request carried it. */
  sentResult(body: Record<string, unknown>): unknown;
  expectedTools: unknown;
  expectedResult: unknown;
}

const openAITools = [
  {
    type: 'function',
    function: { name: 'get_weather', description: 'The weather in a city', parameters: weather.parameters },
  },
];
const openAIResult = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'Sunny, 21°C' });
const lastMessage = (body: Record<string, unknown>) => (body.messages as unknown[]).at(-1);

const openAILike = (name: string, kind: Case['kind'], model: string): Case => ({
  name,
  kind,
  model,
  sentTools: (body) => body.tools,
  sentResult: lastMessage,
  expectedTools: openAITools,
  expectedResult: openAIResult,
});

const CASES: Case[] = [
  openAILike('openAI', 'openAI', 'gpt-4o-mini'),
  openAILike('custom (OpenAI-compatible)', 'custom', 'llama3'),
  openAILike('azureOpenAI', 'azureOpenAI', 'gpt-4o'),
  {
    name: 'anthropic',
    kind: 'anthropic',
    model: 'claude-sonnet-4-6',
    sentTools: (body) => body.tools,
    sentResult: lastMessage,
    expectedTools: [
      { name: 'get_weather', description: 'The weather in a city', input_schema: weather.parameters },
    ],
    expectedResult: (id: string) => ({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: 'Sunny, 21°C' }],
    }),
  },
  {
    name: 'google',
    kind: 'google',
    model: 'gemini-2.5-flash',
    sentTools: (body) => body.tools,
    sentResult: (body) => (body.contents as unknown[]).at(-1),
    expectedTools: [
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'The weather in a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
      },
    ],
    expectedResult: () => ({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 'get_weather',
            response: { name: 'get_weather', content: 'Sunny, 21°C' },
          },
        },
      ],
    }),
  },
];

async function startFor(kind: Case['kind']): Promise<{ fake: FakeServer; endpoint: EndpointDefinition }> {
  if (kind === 'openAI' || kind === 'custom') {
    const fake = await startFakeOpenAI({ apiKey: FAKE_KEY });
    const { azure: _azure, ...base } = fakeProviderEndpoint('azureOpenAI', fake);
    return { fake, endpoint: { ...base, name: kind, type: kind, baseURL: fake.url } };
  }
  const start =
    kind === 'anthropic' ? startFakeAnthropic : kind === 'google' ? startFakeGemini : startFakeOpenAI;
  const fake = await start({ apiKey: FAKE_KEY });
  return { fake, endpoint: fakeProviderEndpoint(kind, fake) };
}

async function collect(adapter: ProviderAdapter, endpoint: EndpointDefinition, req: ProviderRequest) {
  await adapter.load?.();
  const provider = adapter.chat(
    endpoint,
    { apiKey: FAKE_KEY, baseURL: endpoint.baseURL, azure: endpoint.azure },
    {},
  );
  const events: ProviderEvent[] = [];
  for await (const e of provider.stream(req, AbortSignal.timeout(10_000))) events.push(e);
  return events;
}

const streamed = (requests: RecordedRequest[]) =>
  requests.filter((q) => q.method === 'POST').map((q) => q.body as Record<string, unknown>);

describe.each(CASES)('tool calls through the $name adapter', (c) => {
  let fake: FakeServer;
  let endpoint: EndpointDefinition;
  beforeAll(async () => ({ fake, endpoint } = await startFor(c.kind)));
  afterAll(() => fake.close());

  it('sends the tools, yields the call, sends its answer back and reads the reply', async () => {
    const adapter = ADAPTERS[endpoint.type];
    const first = await collect(adapter, endpoint, {
      model: c.model,
      messages: [{ role: 'user', content: ASK }],
      tools: [weather],
    });
    const calls = first.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
    expect(calls.map((k) => [k.name, JSON.parse(k.arguments) as unknown])).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);
    expect(first.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
    expect(c.sentTools(streamed(fake.requests).at(-1)!)).toMatchObject(c.expectedTools as object);

    const call: ProviderToolCall = calls[0]!;
    const second = await collect(adapter, endpoint, {
      model: c.model,
      messages: [
        { role: 'user', content: ASK },
        { role: 'assistant', content: '', toolCalls: [call] },
        { role: 'tool', toolCallId: call.id, toolName: call.name, content: 'Sunny, 21°C' },
      ],
      tools: [weather],
    });
    expect(c.sentResult(streamed(fake.requests).at(-1)!)).toMatchObject(
      (c.expectedResult as (id: string) => unknown)(call.id) as object,
    );
    const text = second.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
    expect(text).toBe('The tools answered: "Sunny, 21°C".');
    expect(second.some((e) => e.type === 'tool-call')).toBe(false);
    expect(second.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });
});
