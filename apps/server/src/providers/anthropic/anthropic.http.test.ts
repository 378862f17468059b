import { describe, expect, it } from 'vitest';
import { describeProviderChat } from '../../../test/support/provider-suite.js';
import { FAKE_KEY } from '../../../test/support/provider-harness.js';
import { anthropicAdapter } from './adapter.js';

interface SentMessages {
  system?: { type: string; text: string }[];
  messages: { role: string; content: { type: string; text: string }[] }[];
}

// The anthropic endpoint over HTTP against the fake Anthropic Messages API.
const chat = describeProviderChat({
  kind: 'anthropic',
  isStream: (path, body) => path === '/v1/messages' && (body as { stream?: unknown }).stream === true,
  lastTurn(body) {
    const last = (body as SentMessages).messages.at(-1)!;
    return { role: last.role, text: last.content.map((c) => c.text).join('') };
  },
  system: (body) => ((body as SentMessages).system ?? []).map((s) => s.text).join('\n'),
  overloaded: { status: 529, code: 'upstream_unavailable' },
});

describe('anthropic parameters and models', () => {
  it('sends the contract defaults as max_tokens, temperature and top_k, and nothing OpenAI-only', async () => {
    const { alice, lastStream } = chat();
    await alice.ask({ text: 'Defaults [[fake reply="ok"]]' });
    const sent = lastStream();
    expect(sent).toMatchObject({
      model: 'claude-sonnet-4-6',
      max_tokens: 4000,
      temperature: 1,
      top_k: 5,
      stream: true,
    });
    // Claude models refuse temperature and top_p together; the SDK keeps temperature.
    expect(sent).not.toHaveProperty('top_p');
    expect(sent).not.toHaveProperty('frequency_penalty');
    expect(sent).not.toHaveProperty('presence_penalty');
  });

  it('sends the conversation’s own values, and refuses a top_k out of range', async () => {
    const { alice, lastStream } = chat();
    await alice.ask({
      text: 'Own values [[fake reply="ok"]]',
      temperature: 0.3,
      topK: 12,
      maxOutputTokens: 300,
      frequency_penalty: 1,
      presence_penalty: 1,
    });
    expect(lastStream()).toMatchObject({ temperature: 0.3, top_k: 12, max_tokens: 300 });
    expect(lastStream()).not.toHaveProperty('frequency_penalty');
    const refused = await alice.ask({ text: 'Too many', topK: 41 });
    expect(refused.status).toBe(400);
  });

  it('lists the upstream’s models, sorted, with the key in x-api-key', async () => {
    const { h } = chat();
    const models = await anthropicAdapter.listModels!(
      h.endpoint,
      { apiKey: FAKE_KEY, baseURL: h.fake.url },
      AbortSignal.timeout(3000),
    );
    expect(models).toEqual(['claude-3-haiku-20240307', 'claude-haiku-4-5', 'claude-sonnet-4-6']);
    expect(h.fake.requests.filter((q) => q.path === '/v1/models').at(-1)!.headers['x-api-key']).toBe(
      FAKE_KEY,
    );
    const refused = anthropicAdapter.listModels!(
      h.endpoint,
      { apiKey: 'wrong', baseURL: h.fake.url },
      AbortSignal.timeout(3000),
    );
    await expect(refused).rejects.toThrow(/401/);
  });
});
