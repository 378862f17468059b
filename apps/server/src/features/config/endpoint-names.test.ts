import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { Conversation, EndpointsConfig, ModelsConfig, Preset } from '@chat/contract';
import { buildAppConfig } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { loadYamlConfig } from '../../config/yaml-config.js';
import { chatUser } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

/**
 * Custom endpoints named as operators name them (parentheses, "&", ":", "/", "%", "+", letters
 * of any script), from a real librechat.yaml, through every place a name travels: the endpoints
 * list, the ask route's path segment, the conversation, a user's key, a preset.
 */
const SERVER_KEY = 'sk-named-endpoint-key';
const USER_KEY = 'sk-user-own-key';
const SERVED = 'OpenAI (DigitalOcean)';
const BYO = 'R&D: Ünïcode/模型 + 100% #1?';
let fake: FakeOpenAIServer;
let userFake: FakeOpenAIServer;
let h: Harness;
let dir: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: SERVER_KEY, models: ['fake-echo'] });
  userFake = await startFakeOpenAI({ apiKey: USER_KEY, models: ['fake-echo'] });
  dir = mkdtempSync(join(tmpdir(), 'endpoint-names-'));
  writeFileSync(
    join(dir, 'librechat.yaml'),
    `
endpoints:
  custom:
    - name: "${SERVED}"
      apiKey: "\${SERVED_KEY}"
      baseURL: "${fake.url}"
      models: { default: [fake-echo] }
    - name: "${BYO}"
      apiKey: user_provided
      baseURL: "${userFake.url}"
      models: { default: [fake-echo] }
`,
  );
  const env = parseEnv({});
  const yaml = loadYamlConfig(env, { SERVED_KEY: SERVER_KEY }, dir);
  const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
  const { endpoints } = buildAppConfig(env, secrets, yaml);
  h = await startTestApp({ endpoints });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
  await userFake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('endpoint names with any printable characters', () => {
  it('are listed by /api/endpoints and /api/models under their own names', async () => {
    const alice = await chatUser(h, 'Alice');
    const endpoints = (await (await alice.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints[SERVED]).toMatchObject({ type: 'custom', userProvide: false });
    expect(endpoints[BYO]).toMatchObject({ type: 'custom', userProvide: true });
    const models = (await (await alice.api('/api/models')).json()) as ModelsConfig;
    expect(models[SERVED]).toEqual(['fake-echo']);
  });

  it('chat through the name as an encoded path segment; the conversation keeps the name', async () => {
    const bob = await chatUser(h, 'Bob', { endpoint: SERVED, model: 'fake-echo' });
    const r = await bob.ask({ text: 'Hi [[fake reply="named endpoint answers"]]' });
    expect(r.status).toBe(200);
    const final = finalOf(r.events);
    expect(final.responseMessage).toMatchObject({ text: 'named endpoint answers', endpoint: SERVED });
    const convo = (await (
      await bob.api(`/api/convos/${final.conversation.conversationId}`)
    ).json()) as Conversation;
    expect(convo.endpoint).toBe(SERVED);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
  });

  it('save, use and revoke a user key stored under the name', async () => {
    const carol = await chatUser(h, 'Carol', { endpoint: BYO, model: 'fake-echo' });
    const without = await carol.ask({ text: 'no key yet' });
    expect(without.status).toBe(400);

    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await carol.api('/api/keys', {
      method: 'PUT',
      body: { name: BYO, value: USER_KEY, expiresAt },
    });
    expect(saved.status).toBe(200);
    const expiry = await carol.api(`/api/keys?name=${encodeURIComponent(BYO)}`);
    expect(((await expiry.json()) as { expiresAt: string | null }).expiresAt).not.toBeNull();

    const r = await carol.ask({ text: 'Hi [[fake reply="with my own key"]]' });
    expect(r.status).toBe(200);
    expect(finalOf(r.events).responseMessage.text).toBe('with my own key');
    expect(userFake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${USER_KEY}`);

    const revoked = await carol.api(`/api/keys/${encodeURIComponent(BYO)}`, { method: 'DELETE' });
    expect(((await revoked.json()) as { deletedCount: number }).deletedCount).toBe(1);
    expect((await carol.ask({ text: 'key gone' })).status).toBe(400);
  });

  it('a preset naming the endpoint is saved and read back as it was imported', async () => {
    const dave = await chatUser(h, 'Dave');
    const res = await dave.api('/api/presets', {
      body: { presetId: null, title: 'Imported', endpoint: BYO, model: 'fake-echo', temperature: 0.5 },
    });
    expect(res.status).toBe(200);
    const list = (await (await dave.api('/api/presets')).json()) as Preset[];
    expect(list.map((p) => [p.title, p.endpoint])).toEqual([['Imported', BYO]]);
  });

  it('refuses, as an unknown endpoint, a name with a control character or __proto__', async () => {
    const erin = await chatUser(h, 'Erin');
    for (const bad of ['a\u0007b', '__proto__']) {
      const res = await erin.api(`/api/keys?name=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { issues: { key?: string }[] }).issues[0]?.key).toBe(
        'com_error_unknown_endpoint',
      );
    }
  });
});
