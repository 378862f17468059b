import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  isFinalEvent,
  MEMORY_ISSUE_KEYS,
  type ApiErrorBody,
  type MemoriesList,
  type MemoryConfig,
  type MemoryEntry,
  type StartupConfig,
} from '@chat/contract';
import { parseYamlConfig } from '../../config/yaml-config.js';
import { memoryConfigFrom, yamlMemorySchema } from './yaml.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';

type User = Awaited<ReturnType<typeof chatUser>>;

/** librechat.yaml's `memory` block, read as the server reads it. */
const memoryBlock = (block: Record<string, unknown>, endpoints = ['openAI']): MemoryConfig =>
  memoryConfigFrom(yamlMemorySchema.parse(block), endpoints)!;

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const list = (user: User) => json<MemoriesList>(user.api('/api/memories'));
const keys = async (user: User) => (await list(user)).memories.map((m) => [m.key, m.value]);
const create = (user: User, key: string, value: string, status = 201) =>
  user.api('/api/memories', { body: { key, value } }).then((r) => json<{ memory: MemoryEntry }>(r, status));
const patch = (user: User, key: string, body: Record<string, unknown>, status = 200) =>
  json<{ memory: MemoryEntry }>(
    user.api(`/api/memories/${encodeURIComponent(key)}`, { method: 'PATCH', body }),
    status,
  );
const remove = (user: User, key: string, status = 200) =>
  json<{ deleted: true }>(user.api(`/api/memories/${encodeURIComponent(key)}`, { method: 'DELETE' }), status);
const prefer = (user: User, memories: boolean, status = 200) =>
  json<{ updated: true; preferences: { memories: boolean } }>(
    user.api('/api/memories/preferences', { method: 'PATCH', body: { memories } }),
    status,
  );
/** The issue keys of a refusal. */
const issueKeys = (body: unknown) => ((body as ApiErrorBody).issues ?? []).map((i) => [i.path, i.key]);

/** Sends a message and waits for its reply; the conversation's id. */
async function send(user: User, text: string): Promise<string> {
  const r = await user.ask({ text });
  const final = r.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${r.status} ${JSON.stringify(r.events)}`);
  return final.conversation.conversationId;
}

type Body = { messages: { role: string; content: unknown }[]; tools?: { function?: { name: string } }[] };
/** The memory agent's requests the fake received (they offer set_memory). */
const agentRequests = (h: ChatHarness) =>
  h.fake.requests
    .map((r) => r.body as Body)
    .filter((b) => b.tools?.some((t) => t.function?.name === 'set_memory'));
/** The reply requests (streamed) the fake received. */
const replyRequests = (h: ChatHarness) =>
  h.fake.requests.map((r) => r.body as Body & { stream?: boolean }).filter((b) => b.stream === true);
const systemText = (b: Body) =>
  b.messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');

describe('memories turned off', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp();
  });
  afterAll(() => h.close());

  it('answers 403 on every route and says nothing of memory in the config', async () => {
    const ann = await chatUser(h, 'Ann');
    await json(ann.api('/api/memories'), 403);
    await json(ann.api('/api/memories', { body: { key: 'a', value: 'b' } }), 403);
    await json(ann.api('/api/memories/preferences', { method: 'PATCH', body: { memories: false } }), 403);
    await json(ann.api('/api/memories/a', { method: 'DELETE' }), 403);
    expect((await json<StartupConfig>(ann.api('/api/config'))).memory).toBeUndefined();
  });

  it('reads disabled: true as off', () => {
    expect(memoryConfigFrom(yamlMemorySchema.parse({ disabled: true }), [])).toBeUndefined();
  });
});

describe("librechat.yaml's memory block", () => {
  const file = [
    'version: 1.2.8',
    'memory:',
    '  validKeys: [name, job]',
    '  tokenLimit: 100',
    '  personalize: false',
    '  agent:',
    '    provider: openAI',
    '    model: gpt-4o-mini',
    '    instructions: Keep only names.',
    '    model_parameters:',
    '      temperature: 0.2',
    '      max_tokens: 300',
  ].join('\n');

  it("is read with LibreChat's keys and defaults", () => {
    const yaml = parseYamlConfig(file, '/srv/librechat.yaml', {});
    expect(memoryConfigFrom(yaml.memory, ['openAI'])).toEqual({
      validKeys: ['name', 'job'],
      tokenLimit: 100,
      charLimit: 10_000,
      personalize: false,
      messageWindowSize: 5,
      agent: {
        provider: 'openAI',
        model: 'gpt-4o-mini',
        instructions: 'Keep only names.',
        params: {
          temperature: 0.2,
          top_p: undefined,
          frequency_penalty: undefined,
          presence_penalty: undefined,
          maxOutputTokens: 300,
        },
      },
    });
    expect(yaml.ignored).toEqual([]);
  });

  it('names an agent it cannot run: on an endpoint not configured, or by id', () => {
    const named: string[] = [];
    const warn = (path: string) => void named.push(path);
    const yaml = parseYamlConfig(file, '/srv/librechat.yaml', {});
    expect(memoryConfigFrom(yaml.memory, ['anthropic'], warn)?.agent).toBeUndefined();
    const byId = parseYamlConfig('memory:\n  agent:\n    id: agent_123\n', '/srv/librechat.yaml', {});
    expect(memoryConfigFrom(byId.memory, ['openAI'], warn)?.agent).toBeUndefined();
    expect(named).toEqual(['memory.agent.provider', 'memory.agent.id']);
  });

  it('refuses a window outside 1–100', () => {
    expect(() => parseYamlConfig('memory:\n  messageWindowSize: 0\n', '/srv/librechat.yaml', {})).toThrow(
      /memory\.messageWindowSize/,
    );
  });
});

describe('memories over HTTP', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ memory: memoryBlock({ tokenLimit: 40, charLimit: 300 }) });
  });
  afterAll(() => h.close());

  it('creates, lists newest first with the usage, edits, renames and deletes', async () => {
    const ann = await chatUser(h, 'Ann');
    const config = await json<StartupConfig>(ann.api('/api/config'));
    expect(config.memory).toEqual({ personalize: true });
    expect(await list(ann)).toEqual({
      memories: [],
      totalTokens: 0,
      tokenLimit: 40,
      charLimit: 300,
      usagePercentage: 0,
      personalization: { memories: true },
    });

    const pet = await create(ann, '  pet  ', '  A cat named Miso  ');
    expect(pet.memory).toMatchObject({ key: 'pet', value: 'A cat named Miso' });
    expect(pet.memory.tokenCount).toBeGreaterThan(0);
    await create(ann, 'city', 'Lives in Lyon');
    const after = await list(ann);
    expect(after.memories.map((m) => m.key)).toEqual(['city', 'pet']);
    expect(after.totalTokens).toBe(after.memories.reduce((s, m) => s + m.tokenCount, 0));
    expect(after.usagePercentage).toBe(Math.round((after.totalTokens / 40) * 100));

    await create(ann, 'pet', 'A dog', 409);
    expect((await patch(ann, 'pet', { value: 'Two cats' })).memory.value).toBe('Two cats');
    expect((await patch(ann, 'pet', { key: 'pets', value: 'Two cats' })).memory.key).toBe('pets');
    await patch(ann, 'pets', { key: 'city', value: 'x' }, 409);
    await patch(ann, 'nothing', { value: 'x' }, 404);
    expect(await keys(ann)).toEqual([
      ['pets', 'Two cats'],
      ['city', 'Lives in Lyon'],
    ]);
    await remove(ann, 'pets');
    await remove(ann, 'pets', 404);
    expect(await keys(ann)).toEqual([['city', 'Lives in Lyon']]);
  });

  it('holds the token limit and the character limit, with the keys the client translates', async () => {
    const ben = await chatUser(h, 'Ben');
    const long = 'word '.repeat(70).trim();
    const refusedLong = await json(ben.api('/api/memories', { body: { key: 'bio', value: long } }), 400);
    expect(issueKeys(refusedLong)).toEqual([['value', MEMORY_ISSUE_KEYS.valueTooLong]]);
    await create(ben, 'bio', 'word '.repeat(30).trim());
    const over = await json(
      ben.api('/api/memories', { body: { key: 'more', value: 'word '.repeat(15).trim() } }),
      400,
    );
    expect(issueKeys(over)).toEqual([['value', MEMORY_ISSUE_KEYS.overTokenLimit]]);
    expect((over as ApiErrorBody).message).toMatch(/exceed the token limit of 40/);
    // An edit counts its own tokens once: the old value's go.
    await patch(ben, 'bio', { value: 'word '.repeat(35).trim() });
    const editOver = await json(
      ben.api('/api/memories/bio', { method: 'PATCH', body: { value: 'word '.repeat(45).trim() } }),
      400,
    );
    expect(issueKeys(editOver)).toEqual([['value', MEMORY_ISSUE_KEYS.overTokenLimit]]);
    const empty = await json(ben.api('/api/memories', { body: { key: ' ', value: '' } }), 400);
    expect(issueKeys(empty).map(([, key]) => key)).toEqual([
      'com_ui_memory_key_required',
      'com_ui_memory_value_required',
    ]);
  });

  it("keeps each person's memories their own", async () => {
    const ann = await chatUser(h, 'Ann');
    const ben = await chatUser(h, 'Ben');
    await create(ann, 'secret', 'Ann likes tea');
    expect((await list(ben)).memories).toEqual([]);
    await patch(ben, 'secret', { value: 'Ben' }, 404);
    await remove(ben, 'secret', 404);
    // Ben's own key of the same name is his alone.
    await create(ben, 'secret', 'Ben likes coffee');
    expect(await keys(ann)).toEqual([['secret', 'Ann likes tea']]);
    expect(await keys(ben)).toEqual([['secret', 'Ben likes coffee']]);
  });
});

describe('validKeys and personalize', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ memory: memoryBlock({ validKeys: ['name', 'job'], personalize: false }) });
  });
  afterAll(() => h.close());

  it('keeps only the valid keys, and offers no switch without personalize', async () => {
    const ann = await chatUser(h, 'Ann');
    expect((await json<StartupConfig>(ann.api('/api/config'))).memory).toEqual({
      personalize: false,
      validKeys: ['name', 'job'],
    });
    const refused = await json(ann.api('/api/memories', { body: { key: 'pet', value: 'A cat' } }), 400);
    expect(issueKeys(refused)).toEqual([['key', MEMORY_ISSUE_KEYS.keyNotAllowed]]);
    await create(ann, 'name', 'Ann');
    const renamed = await json(
      ann.api('/api/memories/name', { method: 'PATCH', body: { key: 'pet', value: 'Ann' } }),
      400,
    );
    expect(issueKeys(renamed)).toEqual([['key', MEMORY_ISSUE_KEYS.keyNotAllowed]]);
    await prefer(ann, false, 403);
  });
});

describe('memories in replies and the memory agent', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({
      memory: memoryBlock({
        validKeys: ['name', 'pet', 'city'],
        tokenLimit: 60,
        messageWindowSize: 2,
        agent: { provider: 'openAI', model: 'gpt-4o-mini', model_parameters: { temperature: 0.1 } },
      }),
    });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it("puts the person's memories in the system context of the reply", async () => {
    const ann = await chatUser(h, 'Ann');
    await create(ann, 'pet', 'Has a cat named Miso');
    await send(ann, 'Any advice for my pet? [[fake reply="Brush her."]]');
    const [reply] = replyRequests(h);
    expect(systemText(reply!)).toContain('pet: Has a cat named Miso');
    // The person's message stays where it was, last.
    expect(reply!.messages.at(-1)).toMatchObject({ role: 'user' });
  });

  it('applies the calls of the memory agent within validKeys, after reading the last messages', async () => {
    const ann = await chatUser(h, 'Ann');
    await create(ann, 'city', 'Lives in Paris');
    h.fake.enqueue({ reply: 'Nice to meet you, Ann.' });
    h.fake.enqueue({
      toolCalls: [
        { name: 'set_memory', arguments: JSON.stringify({ key: 'name', value: 'Ann' }) },
        { name: 'set_memory', arguments: JSON.stringify({ key: 'shoe_size', value: '38' }) },
        { name: 'delete_memory', arguments: JSON.stringify({ key: 'city' }) },
        { name: 'set_memory', arguments: 'not json' },
      ],
    });
    await send(ann, 'Hello, I am Ann and I moved away from Paris.');
    await expect.poll(() => keys(ann)).toEqual([['name', 'Ann']]);
    const agent = agentRequests(h).find((b) => String(b.messages.at(-1)!.content).includes('I am Ann'));
    expect(agent!.messages[0]!.role).toBe('system');
    expect(systemText(agent!)).toContain('city: Lives in Paris');
    expect(systemText(agent!)).toContain('Only these keys may be used: name, pet, city.');
    const transcript = String(agent!.messages.at(-1)!.content);
    expect(transcript).toContain('User: Hello, I am Ann and I moved away from Paris.');
    expect(transcript).toContain('Assistant: Nice to meet you, Ann.');
  });

  it('holds the token limit for the agent: a call past it is dropped', async () => {
    const ann = await chatUser(h, 'Ann');
    await create(ann, 'pet', 'word '.repeat(50).trim());
    h.fake.enqueue({ reply: 'Sure.' });
    h.fake.enqueue({
      toolCalls: [
        { name: 'set_memory', arguments: JSON.stringify({ key: 'name', value: 'word '.repeat(20).trim() }) },
        { name: 'set_memory', arguments: JSON.stringify({ key: 'city', value: 'Lyon' }) },
      ],
    });
    await send(ann, 'I live in Lyon.');
    await expect.poll(() => keys(ann)).toContainEqual(['city', 'Lyon']);
    expect((await keys(ann)).map(([k]) => k).sort()).toEqual(['city', 'pet']);
  });

  it('with the preference off: no memories in the prompt, no agent, nothing kept', async () => {
    const ann = await chatUser(h, 'Ann');
    await create(ann, 'pet', 'Has a dog named Rex');
    expect((await prefer(ann, false)).preferences).toEqual({ memories: false });
    expect((await list(ann)).personalization).toEqual({ memories: false });
    await send(ann, 'Hi there, I am Ann. [[fake reply="Hello."]]');
    expect(systemText(replyRequests(h)[0]!)).not.toContain('Rex');
    // On again: the memories are used and the agent is asked, for this reply only.
    await prefer(ann, true);
    h.fake.reset();
    h.fake.enqueue({ reply: 'Yes.' });
    h.fake.enqueue({
      toolCalls: [{ name: 'set_memory', arguments: JSON.stringify({ key: 'name', value: 'Ann' }) }],
    });
    await send(ann, 'Do you remember my dog?');
    expect(systemText(replyRequests(h)[0]!)).toContain('Rex');
    await expect.poll(() => keys(ann)).toContainEqual(['name', 'Ann']);
    expect(agentRequests(h).map((b) => String(b.messages.at(-1)!.content))).toEqual([
      expect.stringContaining('Do you remember my dog?'),
    ]);
  });
});
