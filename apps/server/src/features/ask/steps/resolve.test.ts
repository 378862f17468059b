import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { EndpointDefinition } from '../../../config/app-config.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../providers/registry.js';
import type { ChatProvider } from '../../../providers/types.js';
import { fakeEndpoint } from '../../../../test/support/chat-harness.js';
import { askInput } from '../../../../test/support/ask-steps.js';
import { resolve } from './resolve.js';

let fake: FakeOpenAIServer;
let openAI: EndpointDefinition;
let local: EndpointDefinition;
let registry: ProviderRegistry;
const userId = randomUUID();

beforeAll(async () => {
  fake = await startFakeOpenAI();
  openAI = { ...fakeEndpoint(fake), models: ['gpt-4o-mini', 'gpt-4o'] };
  // A custom endpoint (posts to /ask/custom) and one whose key each user brings.
  local = { ...fakeEndpoint(fake), name: 'local', type: 'custom', label: 'Local' };
  const own: EndpointDefinition = {
    ...fakeEndpoint(fake),
    name: 'own',
    apiKey: 'user_provided',
    userProvide: true,
  };
  registry = createProviderRegistry(() => [openAI, local, own]);
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

async function replyText(provider: ChatProvider): Promise<string> {
  let text = '';
  const req = {
    model: 'gpt-4o-mini',
    messages: [{ role: 'user' as const, content: '[[fake reply="it works"]]' }],
  };
  for await (const ev of provider.stream(req, new AbortController().signal))
    if (ev.type === 'text') text += ev.text;
  return text;
}

describe('resolve', () => {
  it('answers the endpoint, the requested model and a provider that reaches the upstream', async () => {
    const resolved = await resolve(askInput(userId, { model: 'gpt-4o' }), registry);
    expect(resolved.endpoint).toBe(openAI);
    expect(resolved.model).toBe('gpt-4o');
    expect(await replyText(resolved.provider)).toBe('it works');
    expect(fake.requests).toHaveLength(1);
  });

  it('accepts a custom endpoint posted to the path of its type or its name', async () => {
    const byType = await resolve(askInput(userId, { endpoint: 'local' }, 'ask', 'custom'), registry);
    const byName = await resolve(askInput(userId, { endpoint: 'local' }, 'ask', 'local'), registry);
    expect(byType.endpoint).toBe(local);
    expect(byName.endpoint).toBe(local);
  });

  it('refuses a path that names another endpoint (unknown_endpoint)', async () => {
    await expect(
      resolve(askInput(userId, { endpoint: 'local' }, 'ask', 'openAI'), registry),
    ).rejects.toMatchObject({
      code: 'unknown_endpoint',
      message: 'Endpoint openAI does not match local',
    });
    await expect(resolve(askInput(userId, {}, 'ask', 'custom'), registry)).rejects.toMatchObject({
      code: 'unknown_endpoint',
    });
  });

  it('refuses an endpoint that is not configured (unknown_endpoint)', async () => {
    await expect(
      resolve(askInput(userId, { endpoint: 'nowhere' }, 'ask', 'nowhere'), registry),
    ).rejects.toMatchObject({ code: 'unknown_endpoint', message: 'Unknown endpoint: nowhere' });
  });

  it('refuses a model the endpoint does not offer (unknown_model)', async () => {
    await expect(resolve(askInput(userId, { model: 'gpt-5-secret' }), registry)).rejects.toMatchObject({
      code: 'unknown_model',
    });
  });

  it('refuses a user-provided endpoint when the user has no key (no_user_key), sending nothing', async () => {
    await expect(
      resolve(askInput(userId, { endpoint: 'own' }, 'ask', 'own'), registry),
    ).rejects.toMatchObject({
      code: 'no_user_key',
    });
    expect(fake.requests).toHaveLength(0);
  });
});
