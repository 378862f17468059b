import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { ANTHROPIC_KNOWN_MODELS, GOOGLE_KNOWN_MODELS, OPENAI_KNOWN_MODELS } from '@chat/contract';
import type { EndpointDefinition } from '../config/app-config.js';
import { ADAPTERS } from './adapters.js';
import { resolveModelLists } from './model-lists.js';

const KEY = 'sk-model-lists';
let fake: FakeOpenAIServer;
/** Accepts connections and never answers: an upstream that hangs. */
let silent: Server;
let silentURL: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY, models: ['zeta-model', 'alpha-model'] });
  silent = createServer(() => {});
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentURL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((r) => silent.close(r));
  await fake.close();
});

const endpoint = (over: Partial<EndpointDefinition>): EndpointDefinition => ({
  name: 'openAI',
  type: 'openAI',
  apiKey: KEY,
  baseURL: fake.url,
  models: [],
  fetchModels: true,
  titleModel: undefined,
  label: undefined,
  userProvide: false,
  isDemo: false,
  ...over,
});
const modelRequests = () => fake.requests.filter((r) => r.path === '/v1/models');

describe('model lists at start-up', () => {
  it("fetches an endpoint's live list once per upstream and credentials, in parallel", async () => {
    fake.reset();
    const openAI = endpoint({});
    const custom = endpoint({
      name: 'mine',
      type: 'custom',
      models: ['fallback'],
      headers: { 'X-Team': 'a' },
    });
    const twin = endpoint({ name: 'twin', type: 'custom', models: ['fallback'], headers: { 'X-Team': 'a' } });
    const failures = await resolveModelLists([openAI, custom, twin]);
    expect(failures).toEqual([]);
    for (const e of [openAI, custom, twin]) expect(e.models).toEqual(['alpha-model', 'zeta-model']);
    // openAI and the two custom endpoints (same URL, key and headers) ask twice, not three times.
    expect(modelRequests()).toHaveLength(2);
    expect(modelRequests().some((r) => r.headers['x-team'] === 'a')).toBe(true);
  });

  it('asks a custom endpoint of another protocol through its own adapter, not a twin’s list', async () => {
    fake.reset();
    const asked: string[] = [];
    const listing = (answer: string) => ({
      listModels: (e: EndpointDefinition) => (asked.push(e.name), Promise.resolve([answer])),
    });
    const openAICompatible = endpoint({ name: 'same-url', type: 'custom' });
    const anthropicProtocol = endpoint({ name: 'same-url-claude', type: 'custom', protocol: 'anthropic' });
    await resolveModelLists([openAICompatible, anthropicProtocol], {
      adapters: { custom: listing('openai-style'), anthropic: listing('claude-style') },
    });
    expect(openAICompatible.models).toEqual(['openai-style']);
    expect(anthropicProtocol.models).toEqual(['claude-style']);
    expect(asked.sort()).toEqual(['same-url', 'same-url-claude']);
  });

  it('keeps *_MODELS lists and custom lists without models.fetch, asking nothing', async () => {
    fake.reset();
    const listed = endpoint({ models: ['gpt-4o'], fetchModels: false });
    const custom = endpoint({ name: 'c', type: 'custom', models: ['local'], fetchModels: false });
    expect(await resolveModelLists([listed, custom])).toEqual([]);
    expect(listed.models).toEqual(['gpt-4o']);
    expect(custom.models).toEqual(['local']);
    expect(modelRequests()).toHaveLength(0);
  });

  it('falls back to the default list when the upstream refuses, with the failure for the log', async () => {
    const refused = endpoint({ apiKey: 'sk-wrong-key' });
    const custom = endpoint({ name: 'c', type: 'custom', apiKey: 'sk-wrong-key', models: ['their-default'] });
    const failures = await resolveModelLists([refused, custom]);
    expect(refused.models).toEqual([...OPENAI_KNOWN_MODELS]);
    expect(custom.models).toEqual(['their-default']);
    expect(failures.map((f) => f.endpoint)).toEqual(['openAI', 'c']);
    expect(String(failures[0]?.error)).toMatch(/401/);
    expect(String(failures[0]?.error)).not.toContain('sk-wrong-key');
  });

  it('gives up on a silent upstream after the timeout', async () => {
    const hanging = endpoint({ baseURL: silentURL });
    const started = Date.now();
    const failures = await resolveModelLists([hanging], { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hanging.models).toEqual([...OPENAI_KNOWN_MODELS]);
    expect(failures).toHaveLength(1);
  });

  it('offers the known list without asking when users bring their own key or URL', async () => {
    fake.reset();
    const own = endpoint({ apiKey: '', userProvide: true });
    const ownURL = endpoint({
      name: 'c',
      type: 'custom',
      baseURL: undefined,
      userProvideURL: true,
      models: ['m'],
    });
    expect(await resolveModelLists([own, ownURL])).toEqual([]);
    expect(own.models).toEqual([...OPENAI_KNOWN_MODELS]);
    expect(ownURL.models).toEqual(['m']);
    expect(modelRequests()).toHaveLength(0);
  });

  it("offers each type's known list when its adapter lists no models", async () => {
    const google = endpoint({ name: 'google', type: 'google', baseURL: silentURL });
    const anthropic = endpoint({ name: 'anthropic', type: 'anthropic', baseURL: silentURL });
    // This table has the OpenAI-compatible adapters only: google and anthropic list nothing.
    const failures = await resolveModelLists([google, anthropic], {
      adapters: { openAI: ADAPTERS.openAI, custom: ADAPTERS.custom },
      timeoutMs: 300,
    });
    expect(failures).toEqual([]);
    expect(google.models).toEqual([...GOOGLE_KNOWN_MODELS]);
    expect(anthropic.models).toEqual([...ANTHROPIC_KNOWN_MODELS]);
  });
});
