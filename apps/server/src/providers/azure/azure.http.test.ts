import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '@chat/fake-upstreams';
import { describeProviderChat } from '../../../test/support/provider-suite.js';
import { FAKE_KEY } from '../../../test/support/provider-harness.js';
import type { ProviderEvent } from '../types.js';
import { azureAdapter } from './adapter.js';

interface SentChat {
  model: string;
  messages: { role: string; content: string }[];
}

// The azureOpenAI endpoint over HTTP against Azure's deployment paths on the fake OpenAI server.
const chat = describeProviderChat({
  kind: 'azureOpenAI',
  isStream: (path, body) =>
    path.endsWith('/chat/completions') && (body as { stream?: unknown }).stream === true,
  lastTurn(body) {
    const last = (body as SentChat).messages.at(-1)!;
    return { role: last.role, text: last.content };
  },
  system: (body) => {
    const first = (body as SentChat).messages[0];
    return first?.role === 'system' ? first.content : '';
  },
  overloaded: { status: 503, code: 'upstream_unavailable' },
});

async function textOf(events: AsyncIterable<ProviderEvent>): Promise<string> {
  let text = '';
  for await (const e of events) if (e.type === 'text') text += e.text;
  return text;
}

/** The URL of the request that asked for `reply` (titles of earlier asks may come in between). */
const urlOf = (requests: RecordedRequest[], reply: string) =>
  requests.find((q) => JSON.stringify(q.body).includes(`reply=\\"${reply}\\"`))?.url;

describe('azureOpenAI addressing and parameters', () => {
  it('posts to the deployment with api-version and api-key, OpenAI’s parameters as given', async () => {
    const { alice, lastStream, lastStreamRequest } = chat();
    await alice.ask({
      text: 'Hi [[fake reply="ok"]]',
      temperature: 1.5,
      top_p: 0.4,
      frequency_penalty: 0.5,
      topK: 9,
    });
    const sent = lastStreamRequest();
    expect(sent.url).toBe('/openai/deployments/chat-deployment/chat/completions?api-version=2024-10-21');
    expect(sent.headers['api-key']).toBe(FAKE_KEY);
    expect(lastStream()).toMatchObject({
      model: 'chat-deployment',
      temperature: 1.5,
      top_p: 0.4,
      frequency_penalty: 0.5,
    });
    expect(lastStream()).not.toHaveProperty('top_k');
  });

  it('takes a whole deployment URL as base URL, placeholders filled (AZURE_OPENAI_BASEURL)', async () => {
    const { h } = chat();
    await azureAdapter.load?.();
    const provider = azureAdapter.chat(
      h.endpoint,
      {
        apiKey: FAKE_KEY,
        baseURL: `${h.fake.origin}/openai/deployments/\${DEPLOYMENT_NAME}`,
        azure: { instanceName: 'ignored', deploymentName: 'from-target', apiVersion: '2025-01-01-preview' },
      },
      {},
    );
    const events = provider.stream(
      { model: 'gpt-4o', messages: [{ role: 'user', content: '[[fake reply="whole url"]]' }] },
      new AbortController().signal,
    );
    expect(await textOf(events)).toBe('whole url');
    expect(urlOf(h.fake.requests, 'whole url')).toBe(
      '/openai/deployments/from-target/chat/completions?api-version=2025-01-01-preview',
    );
  });

  it('uses the model as the deployment when the target names none', async () => {
    const { h } = chat();
    const creds = {
      apiKey: FAKE_KEY,
      baseURL: `${h.fake.origin}/openai`,
      azure: { instanceName: '', deploymentName: '', apiVersion: '' },
    };
    await azureAdapter.load?.();
    const provider = azureAdapter.chat(h.endpoint, creds, {});
    const events = provider.stream(
      { model: 'gpt-4o', messages: [{ role: 'user', content: '[[fake reply="per model"]]' }] },
      new AbortController().signal,
    );
    expect(await textOf(events)).toBe('per model');
    expect(urlOf(h.fake.requests, 'per model')).toBe(
      '/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    );
  });

  it('sends each model to its own deployment with AZURE_USE_MODEL_AS_DEPLOYMENT_NAME', async () => {
    const { h } = chat();
    await azureAdapter.load?.();
    const provider = azureAdapter.chat(
      { ...h.endpoint, azureModelAsDeployment: true },
      {
        apiKey: FAKE_KEY,
        baseURL: `${h.fake.origin}/openai`,
        azure: { instanceName: 'ignored', deploymentName: '', apiVersion: '2024-10-21' },
      },
      {},
    );
    for (const [model, reply] of [
      ['gpt-3.5-turbo', 'three five'],
      ['gpt-4.1', 'four one'],
    ] as const) {
      const events = provider.stream(
        { model, messages: [{ role: 'user', content: `[[fake reply="${reply}"]]` }] },
        new AbortController().signal,
      );
      expect(await textOf(events)).toBe(reply);
    }
    expect(urlOf(h.fake.requests, 'three five')).toBe(
      '/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-10-21',
    );
    expect(urlOf(h.fake.requests, 'four one')).toBe(
      '/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21',
    );
  });
});
