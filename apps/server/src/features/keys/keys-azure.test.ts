import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { ApiErrorBody } from '@chat/contract';
import type { EndpointDefinition } from '../../config/app-config.js';
import { askBody, chatUser } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

// AZURE_API_KEY=user_provided: each user brings the key, instance, deployment and API version,
// and each of those becomes part of the request's URL.
let fake: FakeOpenAIServer;
let guarded: Harness;
let allowed: Harness;

function azureEndpoint(baseURL: string | undefined): EndpointDefinition {
  return {
    name: 'azureOpenAI',
    type: 'azureOpenAI',
    apiKey: '',
    baseURL,
    models: ['gpt-4o'],
    titleModel: undefined,
    label: undefined,
    userProvide: true,
    isDemo: false,
  };
}

const good = {
  azureOpenAIApiKey: 'az-key',
  azureOpenAIApiInstanceName: 'my-instance',
  azureOpenAIApiDeploymentName: 'chat-deployment',
  azureOpenAIApiVersion: '2024-10-21',
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // The operator's base URL (an Azure-compatible gateway on 127.0.0.1): without an allow entry
  // for it, the guard refuses the connection the user's values make.
  guarded = await startTestApp({ endpoints: [azureEndpoint(`${fake.origin}/openai`)] });
  allowed = await startTestApp({
    endpoints: [azureEndpoint(`${fake.origin}/openai`)],
    userURLPolicy: { allow: ['127.0.0.1'] },
  });
});
afterAll(async () => {
  await guarded.close();
  await allowed.close();
  await fake.close();
});

async function save(h: Harness, name: string, value: Record<string, string>) {
  const u = await chatUser(h, name);
  const res = await u.api('/api/keys', {
    method: 'PUT',
    body: {
      name: 'azureOpenAI',
      value: JSON.stringify(value),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  return { u, res };
}

describe("a user's Azure OpenAI key", () => {
  it.each([
    ['azureOpenAIApiInstanceName', '10.0.0.5:80/#'],
    ['azureOpenAIApiInstanceName', 'internal.example/x?'],
    ['azureOpenAIApiDeploymentName', '../../admin'],
    ['azureOpenAIApiDeploymentName', 'dep?x=1#'],
    ['azureOpenAIApiVersion', '2024-10-21&x=1'],
    ['azureOpenAIApiVersion', '2024-10-21#'],
  ])('is refused with a %s of %j, naming the field', async (field, bad) => {
    const { res } = await save(guarded, `Mallory ${field} ${bad}`, { ...good, [field]: bad });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.code).toBe('validation_error');
    expect(body.issues?.map((i) => i.path)).toEqual([`value.${field}`]);
    expect(fake.requests).toHaveLength(0);
  });

  it('goes through the SSRF guard: an internal address is not connected to unless allowed', async () => {
    const { u, res } = await save(guarded, 'Eve', good);
    expect(res.status).toBe(200);
    const refused = await postSse(`${guarded.url}/api/ask/azureOpenAI`, u.user.token, {
      ...askBody({ text: 'Hi [[fake reply="never"]]', model: 'gpt-4o' }),
      endpoint: 'azureOpenAI',
    });
    expect(refused.events.at(-1)?.data).toMatchObject({ error: true });
    expect(fake.requests).toHaveLength(0);

    const ok = await save(allowed, 'Eve allowed', good);
    expect(ok.res.status).toBe(200);
    const res2 = await postSse(`${allowed.url}/api/ask/azureOpenAI`, ok.u.user.token, {
      ...askBody({ text: 'Hi [[fake reply="through the gateway"]]', model: 'gpt-4o' }),
      endpoint: 'azureOpenAI',
    });
    expect(finalOf(res2.events)).toMatchObject({ final: true });
    const sent = fake.requests.find((q) => q.url.includes('/chat/completions'));
    expect(sent?.url).toBe('/openai/deployments/chat-deployment/chat/completions?api-version=2024-10-21');
    expect(sent?.headers['api-key']).toBe('az-key');
  });
});
