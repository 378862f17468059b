import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT, type ApiErrorBody, type ModelSpecsConfig, type StartupConfig } from '@chat/contract';
import { buildAppConfig } from '../../config/app-config.js';
import { ConfigError, parseEnv } from '../../config/env.js';
import { loadYamlConfig, parseYamlConfig } from '../../config/yaml-config.js';
import { specsOfOfferedModels } from './yaml.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

/** librechat.yaml `modelSpecs`: read from a real file, sent by GET /api/config, enforced on asks. */

const SECRETS = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };

const FILE = `
modelSpecs:
  enforce: true
  prioritize: true
  list:
    - name: brief
      label: Brief helper
      description: Short answers
      default: true
      iconURL: https://example.com/brief.png
      showIconInHeader: true
      group: Writing
      groupIcon: openAI
      preset:
        endpoint: openAI
        model: gpt-4o-mini
        temperature: 0.2
        modelLabel: Brief
        promptPrefix: Answer in one sentence.
        greeting: Hello there
    - name: elsewhere
      label: Somewhere else
      preset:
        endpoint: anthropic
        model: claude-3-haiku
    - name: big
      label: Big model
      order: -1
      showInMenu: false
      preset:
        endpoint: openAI
        model: gpt-4o
`;

function loadFile(text: string, env = parseEnv({ OPENAI_API_KEY: 'sk-test' })) {
  const dir = mkdtempSync(join(tmpdir(), 'model-specs-'));
  try {
    writeFileSync(join(dir, 'librechat.yaml'), text);
    const warnings: string[] = [];
    const config = buildAppConfig(env, SECRETS, loadYamlConfig(env, {}, dir), (m) => warnings.push(m));
    return { config, warnings };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('librechat.yaml modelSpecs', () => {
  it('reads the specs of configured endpoints, in order, and names what is left out', () => {
    const { config, warnings } = loadFile(FILE);
    expect(config.modelSpecs?.enforce).toBe(true);
    expect(config.modelSpecs?.prioritize).toBe(true);
    expect(config.modelSpecs?.list.map((s) => s.name)).toEqual(['big', 'brief']);
    expect(config.modelSpecs?.list[0]?.showInMenu).toBe(false);
    expect(config.modelSpecs?.list[1]).toEqual({
      name: 'brief',
      label: 'Brief helper',
      description: 'Short answers',
      default: true,
      iconURL: 'https://example.com/brief.png',
      showIconInHeader: true,
      group: 'Writing',
      preset: {
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        temperature: 0.2,
        chatGptLabel: 'Brief',
        promptPrefix: 'Answer in one sentence.',
      },
    });
    const text = warnings.join('\n');
    expect(text).toContain(
      'modelSpecs.list[1] elsewhere is left out: its endpoint anthropic is not configured',
    );
    // Keys this product has no part for are named, not fatal.
    expect(text).toContain('modelSpecs.list[0].groupIcon');
    expect(text).toContain('modelSpecs.list[0].preset.greeting');
    // With specs, the parts the file leaves unset are hidden, as LibreChat does; bookmarks (not
    // part of the model menu) are left unset, which shows them.
    expect(config.interface).toEqual({
      endpointsMenu: false,
      modelSelect: false,
      parameters: false,
      presets: false,
    });
  });

  it("takes LibreChat's defaults and keeps the interface the file sets", () => {
    const { config } = loadFile(`
interface:
  parameters: true
  bookmarks: true
modelSpecs:
  list:
    - name: one
      label: One
      preset: { endpoint: openAI, model: gpt-4o-mini }
  addedEndpoints: [openAI, bedrock]
`);
    expect(config.modelSpecs).toMatchObject({ enforce: false, prioritize: true, addedEndpoints: ['openAI'] });
    expect(config.interface).toMatchObject({
      parameters: true,
      modelSelect: true,
      endpointsMenu: false,
      bookmarks: true,
    });
  });

  it('has no specs when none names a configured endpoint, and every part shown without the block', () => {
    const { config, warnings } = loadFile(`
modelSpecs:
  list:
    - name: one
      label: One
      preset: { endpoint: google, model: gemini-pro }
`);
    expect(config.modelSpecs).toBeUndefined();
    expect(warnings.join('\n')).toContain('modelSpecs.list[0] one is left out');
    expect(loadFile('version: 1.2.1\n').config.interface).toMatchObject({
      endpointsMenu: true,
      presets: true,
    });
  });

  it('leaves out, once the model lists are settled, a spec whose model its endpoint does not offer', () => {
    const specs = loadFile(FILE).config.modelSpecs!;
    const warnings: string[] = [];
    const kept = specsOfOfferedModels(specs, [{ name: 'openAI', models: ['gpt-4o-mini'] }], (m) =>
      warnings.push(m),
    );
    expect(kept?.list.map((s) => s.name)).toEqual(['brief']);
    expect(warnings).toEqual(['modelSpecs: big is left out: openAI does not offer its model gpt-4o']);
    expect(specsOfOfferedModels(specs, [{ name: 'openAI', models: ['o1'] }], () => {})).toBeUndefined();
  });

  it.each([
    [
      'a spec without its preset model',
      'list: [{ name: a, label: A, preset: { endpoint: openAI } }]',
      'modelSpecs.list[0].preset.model',
    ],
    [
      'two specs of one name',
      'list: [{ name: a, label: A, preset: { endpoint: openAI, model: m } }, { name: a, label: B, preset: { endpoint: openAI, model: m } }]',
      'modelSpecs.list[1].name: is already the name of modelSpecs.list[0]',
    ],
    [
      'two defaults',
      'list: [{ name: a, label: A, default: true, preset: { endpoint: openAI, model: m } }, { name: b, label: B, default: true, preset: { endpoint: openAI, model: m } }]',
      'modelSpecs.list[1].default',
    ],
    [
      'a temperature out of range',
      'list: [{ name: a, label: A, preset: { endpoint: openAI, model: m, temperature: 9 } }]',
      'modelSpecs.list[0].preset.temperature',
    ],
    [
      'a spec without a label',
      'list: [{ name: a, preset: { endpoint: openAI, model: m } }]',
      'modelSpecs.list[0].label',
    ],
    ['enforce that is not a boolean', 'enforce: "yes"', 'modelSpecs.enforce'],
  ])('stops start-up on %s, naming the place', (_what, block, where) => {
    const text = `modelSpecs:\n  ${block}\n`;
    expect(() => parseYamlConfig(text, '/etc/librechat.yaml', {})).toThrow(ConfigError);
    expect(() => parseYamlConfig(text, '/etc/librechat.yaml', {})).toThrow(where);
  });
});

describe('modelSpecs over HTTP', () => {
  let h: ChatHarness;
  let specs: ModelSpecsConfig;
  const lastStream = () =>
    h.fake.requests.filter((r) => (r.body as { stream?: boolean }).stream).at(-1)?.body as {
      messages: { role: string; content: unknown }[];
      temperature?: number;
    };

  beforeAll(async () => {
    specs = loadFile(FILE).config.modelSpecs!;
    h = await startChatApp({ modelSpecs: specs });
  });
  afterAll(() => h.close());

  it('GET /api/config carries the specs', async () => {
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.modelSpecs).toEqual(specs);
  });

  it.each([
    ['names no spec', {}, 'No model spec selected'],
    ['names an unknown spec', { spec: 'nope' }, 'Invalid model spec'],
    ['goes to another model than its spec', { spec: 'big', model: 'gpt-4o-mini' }, 'Model spec mismatch'],
    [
      'sends another temperature than its spec',
      { spec: 'brief', temperature: 0.9 },
      'Model spec mismatch: temperature',
    ],
    [
      'sends another system prompt than its spec',
      { spec: 'brief', promptPrefix: 'Ignore that.' },
      'Model spec mismatch: promptPrefix',
    ],
  ])('refuses an ask that %s, before anything goes upstream', async (_what, body, message) => {
    const erin = await chatUser(h, 'Erin');
    const before = h.fake.requests.length;
    const r = await erin.ask({ text: 'Hi', ...body });
    expect(r.status).toBe(403);
    expect(r.json as ApiErrorBody).toMatchObject({ code: 'model_spec_mismatch', message });
    expect(h.fake.requests.length).toBe(before);
    expect(
      (await (await erin.api('/api/convos?pageSize=5')).json()) as { conversations: unknown[] },
    ).toMatchObject({
      conversations: [],
    });
  });

  it("accepts an ask of a spec, sends the preset's values and remembers the spec", async () => {
    const erin = await chatUser(h, 'Erin');
    const r = await erin.ask({ text: 'Hi [[fake reply="ok"]]', spec: 'brief' });
    expect(r.status).toBe(200);
    const final = finalOf(r.events);
    expect(final.conversation).toMatchObject({
      spec: 'brief',
      temperature: 0.2,
      chatGptLabel: 'Brief',
      promptPrefix: 'Answer in one sentence.',
    });
    const sent = lastStream();
    expect(sent.temperature).toBe(0.2);
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Answer in one sentence.' });
    // The same values, sent as the client sends them, match too.
    const again = await erin.ask({
      text: 'More [[fake reply="ok"]]',
      spec: 'brief',
      conversationId: final.conversation.conversationId,
      parentMessageId: final.responseMessage.messageId,
      temperature: 0.2,
      chatGptLabel: 'Brief',
    });
    expect(again.status).toBe(200);
  });

  it.each([
    ['with no spec', {}, 'No model spec selected'],
    // brief is openAI's gpt-4o-mini, the model this assistant runs on: the assistant's own
    // instructions must not stand in for the spec's system prompt.
    ['with the spec of the model it runs on', { spec: 'brief' }, 'Model spec mismatch'],
  ])('refuses an assistant’s reply %s: no spec names the assistant endpoint', async (_w, body, message) => {
    const erin = await chatUser(h, 'Erin');
    const made = await erin.api('/api/assistants', {
      body: { name: 'Tutor', instructions: 'Ignore the spec.', model: 'gpt-4o-mini' },
    });
    expect(made.status).toBe(200);
    const { id } = (await made.json()) as { id: string };
    const before = h.fake.requests.length;
    const r = await postSse(`${h.url}/api/assistants/chat`, erin.user.token, {
      text: 'Hi [[fake reply="ok"]]',
      conversationId: null,
      parentMessageId: NO_PARENT,
      assistant_id: id,
      ...body,
    });
    expect(r.status).toBe(403);
    expect(r.json as ApiErrorBody).toMatchObject({ code: 'model_spec_mismatch', message });
    expect(h.fake.requests.length).toBe(before);
  });
});

describe('modelSpecs not enforced', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    const specs = loadFile(FILE.replace('enforce: true', 'enforce: false')).config.modelSpecs!;
    h = await startChatApp({ modelSpecs: specs });
  });
  afterAll(() => h.close());

  it('takes any offered model, and keeps a spec only while the ask is that spec', async () => {
    const erin = await chatUser(h, 'Erin');
    const plain = await erin.ask({ text: 'Hi [[fake reply="ok"]]', temperature: 0.9 });
    expect(plain.status).toBe(200);
    const kept = await erin.ask({ text: 'Hi [[fake reply="ok"]]', spec: 'brief' });
    expect(finalOf(kept.events).conversation.spec).toBe('brief');
    const left = await erin.ask({ text: 'Hi [[fake reply="ok"]]', spec: 'big' });
    expect(left.status).toBe(200);
    expect(finalOf(left.events).conversation.spec).toBeUndefined();
  });

  it('runs an assistant as before', async () => {
    const erin = await chatUser(h, 'Erin');
    const made = await erin.api('/api/assistants', {
      body: { name: 'Tutor', instructions: 'Be brief.', model: 'gpt-4o-mini' },
    });
    const { id } = (await made.json()) as { id: string };
    const r = await postSse(`${h.url}/api/assistants/chat`, erin.user.token, {
      text: 'Hi [[fake reply="ok"]]',
      conversationId: null,
      parentMessageId: NO_PARENT,
      assistant_id: id,
      spec: 'brief',
    });
    expect(r.status).toBe(200);
    expect(finalOf(r.events).responseMessage).toMatchObject({ sender: 'Tutor', endpoint: 'assistant' });
  });
});
