import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { isStorable } from '../platform/storable.js';
import { fakeEndpoint } from '../../test/support/chat-harness.js';
import { createProviderRegistry } from './registry.js';
import { storableFilter } from './storable-provider.js';
import type { ProviderEvent } from './types.js';

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const signal = () => new AbortController().signal;
const textOf = (events: ProviderEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

async function collect(events: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const out: ProviderEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

/** Events through the storable filter, as one stream. */
function storable(events: ProviderEvent[]): ProviderEvent[] {
  const out: ProviderEvent[] = [];
  const filter = storableFilter((e) => out.push(e));
  for (const e of events) filter.event(e);
  filter.end();
  return out;
}

describe('upstream text is made storable where it enters (every adapter of the registry)', () => {
  it('a streamed reply: NUL and lone surrogates become U+FFFD, valid pairs stay', async () => {
    const registry = createProviderRegistry(() => [fakeEndpoint(fake)]);
    const provider = await registry.provider(registry.endpoint('openAI'), 'u1');
    fake.enqueue({ reply: 'a\u0000b lone \uD800 and \uDC00 emoji 😀 end\u0000' });
    const events = await collect(
      provider.stream({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, signal()),
    );
    expect(textOf(events)).toBe('a\uFFFDb lone \uFFFD and \uFFFD emoji 😀 end\uFFFD');
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
  });

  it('a completion (titles): storable too', async () => {
    const registry = createProviderRegistry(() => [fakeEndpoint(fake)]);
    const provider = await registry.provider(registry.endpoint('openAI'), 'u1');
    fake.enqueue({ reply: 'Title\u0000 with \uDBFF' });
    const { text, toolCalls } = await provider.complete(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      signal(),
    );
    expect(text).toBe('Title\uFFFD with \uFFFD');
    expect(toolCalls).toEqual([]);
  });

  it('keeps a surrogate pair split across two deltas whole, and replaces one left at the end', async () => {
    const events = storable([
      { type: 'text', text: 'smile \uD83D' },
      { type: 'text', text: '\uDE00 and \uD83D' },
      { type: 'text', text: ' more \uD83D' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    expect(textOf(events)).toBe('smile 😀 and \uFFFD more \uFFFD');
    expect(events.filter((e) => e.type === 'text').every((e) => isStorable(e.text))).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });

    const aborted = storable([{ type: 'text', text: 'cut \uD83D' }]);
    expect(textOf(aborted)).toBe('cut \uFFFD');
  });

  it('an error message from the upstream is storable', async () => {
    const events = storable([
      { type: 'error', error: { code: 'upstream_error', message: 'bad\u0000 \uD800' } },
    ]);
    expect(events).toEqual([
      { type: 'error', error: { code: 'upstream_error', message: 'bad\uFFFD \uFFFD' } },
    ]);
  });
});
