import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  titleFromText,
  type ApiErrorBody,
  type ConfigOverride,
  type Conversation,
  type EndpointsConfig,
  type ModelsConfig,
} from '@chat/contract';
import { buildAppConfig } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { loadYamlConfig } from '../../config/yaml-config.js';
import { resolveModelLists } from '../../providers/model-lists.js';
import { askBody, chatUser } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

/**
 * The endpoints and models API of a server configured as an operator would: the environment
 * (OpenAI pointing at the fake) and a real librechat.yaml with custom endpoints (the fake again,
 * one fetching its model list), resolved by the start-up code main.ts runs.
 */
const FAKE_KEY = 'sk-custom-endpoint-key';
let fake: FakeOpenAIServer;
let h: Harness;
let dir: string;
type User = Awaited<ReturnType<typeof chatUser>>;
let alice: User;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: FAKE_KEY, models: ['fake-echo', 'gpt-4o-mini'] });
  dir = mkdtempSync(join(tmpdir(), 'endpoints-api-'));
  writeFileSync(
    join(dir, 'librechat.yaml'),
    `
version: 1.0.5
cache: true
modelLabels:
  gpt-4.1: GPT Unfiltered
endpoints:
  openAI:
    modelDisplayLabel: ChatGPT
  custom:
    - name: Local Fake
      apiKey: "\${FAKE_KEY}"
      baseURL: "${fake.url}"
      models:
        default: [only-default]
        fetch: true
      titleConvo: true
      titleModel: fake-title-model
      modelDisplayLabel: Fake
      iconURL: https://example.com/fake.png
      headers:
        X-Team: "\${TEAM}"
    - name: untitled
      apiKey: "\${FAKE_KEY}"
      baseURL: "${fake.url}"
      models:
        default: [gpt-4o-mini]
    - name: byo
      apiKey: user_provided
      baseURL: user_provided
      models:
        default: [m]
`,
  );
  const env = parseEnv({
    OPENAI_API_KEY: FAKE_KEY,
    OPENAI_REVERSE_PROXY: fake.url,
    OPENAI_MODELS: 'gpt-4.1,gpt-4o-mini',
  });
  const yaml = loadYamlConfig(env, { FAKE_KEY, TEAM: 'blue' }, dir);
  const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
  const { endpoints, overridesEndpoints } = buildAppConfig(env, secrets, yaml);
  expect(await resolveModelLists(endpoints)).toEqual([]);
  h = await startTestApp({ endpoints, overridesEndpoints });
  alice = await chatUser(h, 'Alice');
});
afterAll(async () => {
  await h.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const getJson = async <T>(path: string): Promise<T> => {
  const res = await alice.api(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const ask = (route: 'ask' | 'edit', pathEndpoint: string, body: Record<string, unknown>) =>
  postSse(`${h.url}/api/${route}/${encodeURIComponent(pathEndpoint)}`, alice.user.token, askBody(body));

describe('GET /api/endpoints and /api/models', () => {
  it('lists the built-ins by display order, then the custom endpoints in file order', async () => {
    const endpoints = await getJson<EndpointsConfig>('/api/endpoints');
    const byOrder = Object.entries(endpoints)
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([name]) => name);
    // Assistants run on those endpoints (gpt-4 and gpt-3.5 models), then agents (any of those
    // whose models call tools): listed last.
    expect(byOrder).toEqual(['openAI', 'gptPlugins', 'Local Fake', 'untitled', 'byo', 'assistant', 'agents']);
    expect(endpoints.assistant).toEqual({ order: 13, type: 'assistant', userProvide: false });
    expect(endpoints.agents).toEqual({ order: 14, type: 'agents', userProvide: false });
    expect(endpoints.openAI).toEqual({
      order: 1,
      type: 'openAI',
      userProvide: false,
      modelDisplayLabel: 'ChatGPT',
      modelLabels: { 'gpt-4.1': 'GPT Unfiltered' },
    });
    expect(endpoints['Local Fake']).toMatchObject({
      type: 'custom',
      userProvide: false,
      modelDisplayLabel: 'Fake',
      iconURL: 'https://example.com/fake.png',
      relabelModels: true,
    });
    // Built-ins do not apply the spec's relabelling rules unless librechat.yaml says so.
    expect(endpoints.openAI?.relabelModels).toBeUndefined();
    expect(endpoints.byo).toMatchObject({ type: 'custom', userProvide: true, userProvideURL: true });
    // Nothing secret leaves: no key, no header value, no base URL.
    const text = JSON.stringify(endpoints);
    for (const secret of [FAKE_KEY, 'blue', fake.url]) expect(text).not.toContain(secret);
  });

  it('answers the real model names; a fetching endpoint its live list', async () => {
    expect(await getJson<ModelsConfig>('/api/models')).toEqual({
      openAI: ['gpt-4.1', 'gpt-4o-mini'],
      gptPlugins: ['gpt-4.1', 'gpt-4o-mini'],
      'Local Fake': ['fake-echo', 'gpt-4o-mini'],
      untitled: ['gpt-4o-mini'],
      byo: ['m'],
      // gpt-4 and gpt-3.5 models of the endpoints running assistants, each once
      assistant: ['gpt-4.1', 'gpt-4o-mini'],
    });
  });

  it('GET /api/endpoints/config/override answers both configs when the file overrides built-ins', async () => {
    const override = await getJson<ConfigOverride>('/api/endpoints/config/override');
    expect(override).toEqual({
      endpointsConfig: await getJson<EndpointsConfig>('/api/endpoints'),
      modelsConfig: await getJson<ModelsConfig>('/api/models'),
    });
  });
});

describe('custom endpoints in chat (LibreChat’s POST /api/ask/custom)', () => {
  it('streams a reply with endpoint: <name> and endpointType: custom, with the configured headers', async () => {
    const r = await ask('ask', 'custom', {
      endpoint: 'Local Fake',
      endpointType: 'custom',
      model: 'fake-echo',
      text: 'Hello custom [[fake reply="Hi from the custom endpoint"]]',
    });
    expect(r.status).toBe(200);
    const final = finalOf(r.events);
    expect(final.responseMessage).toMatchObject({
      text: 'Hi from the custom endpoint',
      endpoint: 'Local Fake',
    });
    expect(final.conversation.endpoint).toBe('Local Fake');
    const sent = fake.requests.filter((q) => q.path === '/v1/chat/completions').at(-1)!;
    expect(sent.headers['x-team']).toBe('blue');
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);

    // titleConvo: true with titleModel: the title is written by that model.
    const res = await alice.api('/api/convos/gen_title', {
      body: { conversationId: final.conversation.conversationId },
    });
    expect(res.status).toBe(200);
    const titleRequest = fake.requests.find(
      (q) => (q.body as { model?: string } | undefined)?.model === 'fake-title-model',
    );
    expect(titleRequest).toBeDefined();

    // /api/edit/custom: a regeneration of the same turn.
    const again = await ask('edit', 'custom', {
      endpoint: 'Local Fake',
      endpointType: 'custom',
      model: 'fake-echo',
      text: final.requestMessage.text,
      conversationId: final.conversation.conversationId,
      parentMessageId: final.requestMessage.messageId,
      isRegenerate: true,
    });
    expect(again.status).toBe(200);
    expect(finalOf(again.events).responseMessage.parentMessageId).toBe(final.requestMessage.messageId);
  });

  it('refuses /api/ask/custom for a built-in endpoint and a model the endpoint does not offer', async () => {
    const builtIn = await ask('ask', 'custom', { endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(builtIn.status).toBe(400);
    expect((builtIn.json as ApiErrorBody).code).toBe('unknown_endpoint');
    const model = await ask('ask', 'custom', {
      endpoint: 'untitled',
      endpointType: 'custom',
      model: 'gpt-4.1',
    });
    expect(model.status).toBe(400);
    expect((model.json as ApiErrorBody).code).toBe('unknown_model');
  });

  it('titles from the first message on an endpoint without titleConvo, over TITLE_CONVO', async () => {
    const before = fake.requests.length;
    const text = 'Untitled endpoint question [[fake reply="ok"]]';
    const r = await ask('ask', 'custom', { endpoint: 'untitled', endpointType: 'custom', text });
    const final = finalOf(r.events);
    await h.app.lifecycle.drain();
    const convo = await getJson<Conversation>(`/api/convos/${final.conversation.conversationId}`);
    expect(convo.title).toBe(titleFromText(text));
    // Only the streamed reply went upstream: no title request.
    expect(fake.requests.slice(before).filter((q) => q.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it('asks for the key (and URL) on an endpoint whose users bring their own', async () => {
    const r = await ask('ask', 'custom', { endpoint: 'byo', endpointType: 'custom', model: 'm' });
    expect(r.status).toBe(400);
    expect((r.json as ApiErrorBody).code).toBe('no_user_key');
  });
});
