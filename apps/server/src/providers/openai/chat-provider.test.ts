import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { EndpointDefinition } from '../../config/app-config.js';
import { fakeEndpoint } from '../../../test/support/chat-harness.js';
import { createOpenAIChatProvider } from './chat-provider.js';
import { createProviderRegistry } from '../registry.js';
import type { ProviderEvent } from '../types.js';

let fake: FakeOpenAIServer;
let endpoint: EndpointDefinition;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  endpoint = fakeEndpoint(fake);
});
afterAll(() => fake.close());

async function collect(text: string, signal = new AbortController().signal, idleTimeoutMs?: number) {
  const provider = createOpenAIChatProvider(endpoint, idleTimeoutMs ? { idleTimeoutMs } : {});
  const events: ProviderEvent[] = [];
  for await (const e of provider.stream(
    { model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] },
    signal,
  )) {
    events.push(e);
  }
  return events;
}
const textOf = (events: ProviderEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

describe('OpenAI chat provider', () => {
  it('streams text deltas and a finish with usage', async () => {
    const events = await collect('[[fake reply="Hello there friend"]]');
    expect(textOf(events)).toBe('Hello there friend');
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(fake.requests.at(-1)?.path).toBe('/v1/chat/completions');
  });

  it.each([
    [401, 'upstream_auth'],
    [429, 'upstream_rate_limited'],
    [500, 'upstream_error'],
    [503, 'upstream_unavailable'],
  ])('maps upstream status %i to %s', async (status, code) => {
    const events = await collect(`[[fake status=${status}]]`);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code } });
  });

  it('keeps the text before a reset connection and then reports upstream_error', async () => {
    const events = await collect('[[fake reply="one two three four five six" failAfter=3]]');
    expect(textOf(events)).toBe('one two three');
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_error' } });
  });

  it('reports upstream_timeout when the upstream goes silent', async () => {
    const events = await collect('[[fake reply="a b c d" hangAfter=2]]', undefined, 300);
    expect(textOf(events)).toBe('a b');
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_timeout' } });
  });

  it('ends quietly when the caller aborts', async () => {
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 150);
    const events = await collect('[[fake reply="a b c d e f g h i j" tps=20]]', ctrl.signal);
    expect(events.every((e) => e.type === 'text')).toBe(true);
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThan(10);
  });

  it('completes without streaming (titles)', async () => {
    const provider = createOpenAIChatProvider(endpoint);
    const { text: title } = await provider.complete(
      {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Write a title' },
          { role: 'user', content: 'Tell me about penguins in Antarctica please' },
        ],
      },
      new AbortController().signal,
    );
    expect(title).toBe('Tell me about penguins in Antarctica please');
  });

  it('resolves endpoints and models through the registry', () => {
    const registry = createProviderRegistry(() => [endpoint]);
    expect(registry.endpoint('openAI')).toBe(endpoint);
    expect(() => registry.endpoint('nope')).toThrow(/Unknown endpoint/);
    expect(registry.resolveModel(endpoint, undefined)).toBe('gpt-4o-mini');
    expect(registry.resolveModel(endpoint, ' gpt-4o-mini ')).toBe('gpt-4o-mini');
    // Only offered names reach the upstream, unless the endpoint allows any.
    expect(() => registry.resolveModel(endpoint, 'my-local-model')).toThrow(/not offered/);
    expect(registry.resolveModel({ ...endpoint, allowAnyModel: true }, 'my-local-model')).toBe(
      'my-local-model',
    );
    expect(() => registry.resolveModel({ ...endpoint, models: [] }, '')).toThrow(/No model/);
  });
});

describe('forcePrompt: the legacy Completions API', () => {
  it('sends the conversation as one prompt to /completions and streams the text back', async () => {
    const provider = createOpenAIChatProvider({ ...endpoint, forcePrompt: true });
    const events: ProviderEvent[] = [];
    for await (const e of provider.stream(
      {
        model: 'gpt-3.5-turbo-instruct',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'First question' },
          { role: 'assistant', content: 'First answer' },
          { role: 'user', content: 'Second [[fake reply="Prompted reply text"]]' },
        ],
        params: { temperature: 0.5 },
      },
      new AbortController().signal,
    )) {
      events.push(e);
    }
    expect(textOf(events)).toBe('Prompted reply text');
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(events.find((e) => e.type === 'usage')).toMatchObject({
      usage: { inputTokens: expect.any(Number) as number, outputTokens: 3 },
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/completions');
    const body = sent.body as { prompt: string; messages?: unknown; temperature: number };
    expect(body.messages).toBeUndefined();
    expect(body.temperature).toBe(0.5);
    // Every turn is in the one prompt, in order.
    const at = (s: string) => body.prompt.indexOf(s);
    expect(at('Be brief.')).toBeGreaterThanOrEqual(0);
    expect(at('Be brief.')).toBeLessThan(at('First question'));
    expect(at('First question')).toBeLessThan(at('First answer'));
    expect(at('First answer')).toBeLessThan(at('Second'));

    const { text } = await provider.complete(
      { model: 'gpt-3.5-turbo-instruct', messages: [{ role: 'user', content: '[[fake reply="once"]]' }] },
      new AbortController().signal,
    );
    expect(text).toBe('once');
  });
});
