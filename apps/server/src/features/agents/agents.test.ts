import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AGENT_LIMITS,
  MCP_LIMITS,
  NO_PARENT,
  type Agent,
  type AgentList,
  type ApiErrorBody,
  type Conversation,
  type EndpointsConfig,
} from '@chat/contract';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import { chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

const STDIO_FIXTURE = fileURLToPath(new URL('../../../test/fixtures/mcp/stdio-server.ts', import.meta.url));

let h: ChatHarness;
type User = Awaited<ReturnType<typeof chatUser>>;
let ann: User;
let ben: User;
let cat: User;

beforeAll(async () => {
  const fake = await startFakeOpenAI();
  const openAI = { ...fakeEndpoint(fake), models: ['gpt-4o-mini', 'gpt-4o'] };
  const app = await startTestApp({
    endpoints: [openAI, { ...openAI, name: 'gptPlugins', type: 'gptPlugins' }],
    mcpServers: [
      {
        name: 'files',
        type: 'stdio',
        command: process.execPath,
        args: ['--import', 'tsx', STDIO_FIXTURE],
        env: {},
        stderr: 'ignore',
        startup: true,
        timeoutMs: MCP_LIMITS.defaultTimeoutMs,
        initTimeoutMs: 30_000,
      },
    ],
  });
  h = {
    ...app,
    fake,
    async close() {
      await app.close();
      await fake.close();
    },
  };
  ann = await chatUser(h, 'Ann');
  ben = await chatUser(h, 'Ben');
  cat = await chatUser(h, 'Cat');
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => h.fake.reset());

const base = { provider: 'openAI', model: 'gpt-4o-mini' };
const create = (user: User, body: Record<string, unknown>) =>
  user.api('/api/agents', { body: { ...base, ...body } });
const patch = (user: User, id: string, body: Record<string, unknown>) =>
  user.api(`/api/agents/${id}`, { method: 'PATCH', body });
const share = (user: User, id: string, body: Record<string, unknown>) =>
  user.api(`/api/permissions/agent/${id}`, { method: 'PUT', body });
async function created(user: User, body: Record<string, unknown>): Promise<Agent> {
  const res = await create(user, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Agent;
}
const listOf = async (user: User) => ((await (await user.api('/api/agents')).json()) as AgentList).data;
const chat = (user: User, body: Record<string, unknown>) =>
  postSse(`${h.url}/api/agents/chat`, user.user.token, {
    text: 'Hello',
    conversationId: null,
    parentMessageId: NO_PARENT,
    ...body,
  });
const calling = (tool: string, args: unknown) =>
  `Please help [[fake tool=${tool} args="${JSON.stringify(args).replace(/"/g, '\\"')}"]]`;
const isTitle = (body: { messages?: { role: string; content: unknown }[] }) =>
  body.messages?.some((m) => m.role === 'system' && String(m.content).includes('title')) === true;
const chatRequests = () =>
  h.fake.requests
    .filter((r) => r.path === '/v1/chat/completions' && !isTitle(r.body as { messages?: [] }))
    .map(
      (r) =>
        r.body as {
          model: string;
          temperature?: number;
          messages: { role: string; content: unknown }[];
          tools?: { function: { name: string } }[];
        },
    );

describe('the agents endpoint', () => {
  it('is offered in GET /api/endpoints beside the endpoints agents run on', async () => {
    const endpoints = (await (await ann.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.agents).toMatchObject({ type: 'agents', userProvide: false });
    expect(endpoints.agents!.order).toBeGreaterThan(endpoints.openAI!.order);
  });
});

describe('agents CRUD', () => {
  it('creates, reads, lists, changes and deletes an agent of its owner', async () => {
    const a = await created(ann, {
      name: 'Travel guide',
      description: 'Plans trips',
      instructions: 'You plan trips.',
      model_parameters: { temperature: 0.3 },
      tools: ['calculator'],
      conversation_starters: ['Plan a weekend in Lisbon', 'Pack for rain'],
    });
    expect(a.id).toMatch(/^agent_[A-Za-z0-9_-]{21}$/);
    expect(a).toMatchObject({
      name: 'Travel guide',
      instructions: 'You plan trips.',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      model_parameters: { temperature: 0.3 },
      tools: ['calculator'],
      conversation_starters: ['Plan a weekend in Lisbon', 'Pack for rain'],
      author: ann.user.user.id,
      authorName: 'Ann',
      isPublic: false,
      sharedWith: [],
      permissions: ['VIEW', 'EDIT'],
      avatar: null,
    });
    expect(await (await ann.api(`/api/agents/${a.id}`)).json()).toEqual(a);
    expect((await listOf(ann)).map((x) => x.id)).toContain(a.id);

    const changed = await patch(ann, a.id, { model: 'gpt-4o', instructions: null, tools: [] });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ model: 'gpt-4o', instructions: null, tools: [] });

    const copy = await ann.api(`/api/agents/${a.id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(200);
    const { agent: dup } = (await copy.json()) as { agent: Agent };
    expect(dup.id).not.toBe(a.id);
    expect(dup).toMatchObject({ name: 'Travel guide', model: 'gpt-4o', isPublic: false });

    expect((await ann.api(`/api/agents/${a.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await ann.api(`/api/agents/${a.id}`)).status).toBe(404);
    expect((await ann.api(`/api/agents/${a.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses an endpoint that is not configured, a model it does not offer, and an unknown tool', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'anthropic' }, 'provider'],
      [{ provider: 'gptPlugins' }, 'provider'],
      [{ model: 'gpt-5-secret' }, 'model'],
      [{ tools: ['no_such_tool'] }, 'tools'],
    ];
    for (const [body, path] of cases) {
      const res = await create(ann, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as ApiErrorBody).issues?.[0]?.path).toBe(path);
    }
  });

  it('takes each limit exactly and refuses one over', async () => {
    const at = {
      name: 'n'.repeat(AGENT_LIMITS.nameMaxChars),
      instructions: 'i'.repeat(AGENT_LIMITS.instructionsMaxChars),
      conversation_starters: Array.from({ length: AGENT_LIMITS.maxConversationStarters }, (_, i) => `s${i}`),
    };
    expect((await create(ann, at)).status).toBe(200);
    const over: Record<string, unknown>[] = [
      { name: 'n'.repeat(AGENT_LIMITS.nameMaxChars + 1) },
      { instructions: 'i'.repeat(AGENT_LIMITS.instructionsMaxChars + 1) },
      { conversation_starters: Array.from({ length: AGENT_LIMITS.maxConversationStarters + 1 }, () => 's') },
      { model_parameters: { secret: 1 } },
    ];
    for (const body of over) expect((await create(ann, body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('sharing', () => {
  it("hides another person's private agent: 404 to every route, absent from the list", async () => {
    const a = await created(ann, { name: 'Private', instructions: 'secret plan' });
    expect((await ben.api(`/api/agents/${a.id}`)).status).toBe(404);
    expect((await patch(ben, a.id, { name: 'mine' })).status).toBe(404);
    expect((await ben.api(`/api/agents/${a.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ben.api(`/api/agents/${a.id}/duplicate`, { method: 'POST' })).status).toBe(404);
    expect((await share(ben, a.id, { public: true })).status).toBe(404);
    expect((await listOf(ben)).map((x) => x.id)).not.toContain(a.id);
    const res = await chat(ben, { agent_id: a.id });
    expect(res.status).toBe(404);
    expect(chatRequests()).toHaveLength(0);
  });

  it('shares with everyone for use: others see it without instructions or owner id, and may not change it', async () => {
    const a = await created(ann, { name: 'Public helper', instructions: 'owner-only instructions' });
    const res = await share(ann, a.id, { public: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isPublic: true });

    const seen = (await (await ben.api(`/api/agents/${a.id}`)).json()) as Agent;
    expect(seen).toMatchObject({ name: 'Public helper', authorName: 'Ann', permissions: ['VIEW'] });
    const raw = JSON.stringify(seen);
    expect(raw).not.toContain('owner-only instructions');
    expect(raw).not.toContain(ann.user.user.id);
    expect(raw).not.toContain(ann.user.user.email);
    expect(seen).not.toHaveProperty('sharedWith');
    expect((await listOf(ben)).map((x) => x.id)).toContain(a.id);

    expect((await patch(ben, a.id, { name: 'taken' })).status).toBe(403);
    expect((await ben.api(`/api/agents/${a.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await ben.api(`/api/agents/${a.id}/duplicate`, { method: 'POST' })).status).toBe(403);
    expect((await share(ben, a.id, { public: false })).status).toBe(403);
    expect(((await (await ann.api(`/api/agents/${a.id}`)).json()) as Agent).name).toBe('Public helper');

    await share(ann, a.id, { public: false });
    expect((await ben.api(`/api/agents/${a.id}`)).status).toBe(404);
  });

  it('shares with people chosen by e-mail, and only them', async () => {
    const a = await created(ann, { name: 'For Ben' });
    const res = await share(ann, a.id, { public: false, emails: [ben.user.user.email.toUpperCase()] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Agent).sharedWith).toEqual([ben.user.user.email.toLowerCase()]);
    expect((await ben.api(`/api/agents/${a.id}`)).status).toBe(200);
    expect((await cat.api(`/api/agents/${a.id}`)).status).toBe(404);
    expect((await share(ann, a.id, { public: false, emails: ['not an address'] })).status).toBe(400);
  });
});

describe('POST /api/agents/chat', () => {
  it('runs the agent on its endpoint and model: instructions as the system prompt, its parameters, its tool', async () => {
    const a = await created(ann, {
      name: 'Math tutor',
      instructions: 'You are a patient math tutor.',
      model: 'gpt-4o',
      model_parameters: { temperature: 0.2 },
      tools: ['calculator'],
    });
    const res = await chat(ann, { agent_id: a.id, text: calling('calculator', { input: '6*7' }) });
    expect(res.status).toBe(200);
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe('The tools answered: "42".');
    expect(final.responseMessage).toMatchObject({
      sender: 'Math tutor',
      endpoint: 'agents',
      model: 'gpt-4o',
    });
    expect(final.conversation).toMatchObject({ endpoint: 'agents', agent_id: a.id, model: 'gpt-4o' });

    const [first] = chatRequests();
    expect(first!.model).toBe('gpt-4o');
    expect(first!.temperature).toBe(0.2);
    expect(first!.messages[0]).toEqual({ role: 'system', content: 'You are a patient math tutor.' });
    expect(first!.tools?.map((t) => t.function.name)).toEqual(['calculator']);

    // The conversation keeps the agent; the next turn goes to it again.
    const convo = (await (
      await ann.api(`/api/convos/${final.conversation.conversationId}`)
    ).json()) as Conversation;
    expect(convo).toMatchObject({ endpoint: 'agents', agent_id: a.id });
    const next = await chat(ann, {
      agent_id: a.id,
      text: 'And again?',
      conversationId: final.conversation.conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    expect(finalOf(next.events).responseMessage.endpoint).toBe('agents');
  });

  it('runs a shared agent for another person with their own credentials, never showing its instructions', async () => {
    const a = await created(ann, { name: 'Shared', instructions: 'Answer in French.' });
    await share(ann, a.id, { public: true });
    const res = await chat(ben, { agent_id: a.id });
    expect(res.status).toBe(200);
    const final = finalOf(res.events);
    expect(final.conversation).toMatchObject({ endpoint: 'agents', agent_id: a.id, user: ben.user.user.id });
    expect(JSON.stringify(res.events)).not.toContain('Answer in French.');
    expect(chatRequests()[0]!.messages[0]).toEqual({ role: 'system', content: 'Answer in French.' });
  });

  it('calls an MCP tool of the agent', async () => {
    // Listing the servers' tools makes the startup server's tools known here.
    expect((await ann.api('/api/mcp/tools')).status).toBe(200);
    const a = await created(ann, { name: 'Echoer', tools: ['echo_mcp_files'] });
    const res = await chat(ann, { agent_id: a.id, text: calling('echo_mcp_files', { text: 'hi there' }) });
    expect(res.status).toBe(200);
    expect(finalOf(res.events).responseMessage.text).toBe('The tools answered: "[stdio] echo: hi there".');
  });

  it('keeps agent_id off an ordinary ask', async () => {
    const a = await created(ann, { name: 'Not me' });
    const res = await ann.ask({ text: 'Hi', agent_id: a.id });
    expect(res.status).toBe(200);
    expect(finalOf(res.events).conversation.agent_id ?? null).toBeNull();
  });
});

describe("file_search over the agent's files", () => {
  async function uploadTo(user: User, name: string, text: string, agentId?: string): Promise<Response> {
    const form = new FormData();
    form.append('file_id', crypto.randomUUID());
    form.append('tool_resource', 'file_search');
    if (agentId) form.append('agent_id', agentId);
    form.append('file', new Blob([text], { type: 'text/plain' }), name);
    return fetch(`${h.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.user.token}` },
      body: form,
    });
  }
  const searching = (query: string) => calling('file_search', { query });
  const MANUAL =
    'The espresso machine descales every 200 shots with citric acid. ' +
    'The grinder burrs are replaced after ten kilograms of beans.';

  it('searches the files uploaded to the agent, for its owner and for those it is shared with, citing them', async () => {
    const a = await created(ann, { name: 'Barista', tools: ['file_search'] });
    const up = await uploadTo(ann, 'manual.txt', MANUAL, a.id);
    expect(up.status, await up.clone().text()).toBe(200);
    const { file_id } = (await up.json()) as { file_id: string };
    await h.app.fileSearchIdle();
    const owned = (await (await ann.api(`/api/agents/${a.id}`)).json()) as Agent;
    expect(owned.tool_resources).toEqual({ file_search: { file_ids: [file_id] } });

    await share(ann, a.id, { public: false, emails: [ben.user.user.email] });
    for (const user of [ann, ben]) {
      h.fake.reset();
      const res = await chat(user, { agent_id: a.id, text: searching('descale espresso machine') });
      expect(res.status).toBe(200);
      const first = chatRequests()[0]!;
      expect(first.tools?.map((t) => t.function.name)).toEqual(['file_search']);
      const told = chatRequests().at(-1)!.messages.at(-1)!;
      expect(told.role).toBe('tool');
      expect(String(told.content)).toContain('File: manual.txt');
      expect(String(told.content)).toContain('descales every 200 shots');
      const final = finalOf(res.events);
      const sources = final.responseMessage.plugins?.find((p) => p.pluginKey === 'file_search')?.file_search
        ?.sources;
      expect(sources?.[0]).toMatchObject({ fileId: file_id, fileName: 'manual.txt', relevance: 1 });
    }

    // Ben uses the files through the agent only: not listed, not downloadable, not in the agent he sees.
    const seen = (await (await ben.api(`/api/agents/${a.id}`)).json()) as Agent;
    expect(seen).not.toHaveProperty('tool_resources');
    const bens = (await (await ben.api('/api/files')).json()) as { file_id: string }[];
    expect(bens.map((f) => f.file_id)).not.toContain(file_id);
    expect((await ben.api(`/api/files/download/${file_id}`)).status).toBe(404);
    expect((await ben.api(`/api/files/search-status?file_ids=${file_id}`)).status).toBe(404);
    // Nor may he name it on his own message.
    const named = await chat(ben, { agent_id: a.id, text: 'Hi', files: [{ file_id }] });
    expect(named.status).toBe(404);
  });

  it('refuses an upload to an agent that is not the caller’s, storing nothing', async () => {
    const a = await created(ann, { name: 'Mine', tools: ['file_search'] });
    await share(ann, a.id, { public: true });
    const before = ((await (await ben.api('/api/files')).json()) as unknown[]).length;
    expect((await uploadTo(ben, 'x.txt', 'intruder text', a.id)).status).toBe(403);
    const hidden = await created(cat, { name: 'Hidden' });
    expect((await uploadTo(ben, 'x.txt', 'intruder text', hidden.id)).status).toBe(404);
    expect(((await (await ben.api('/api/files')).json()) as unknown[]).length).toBe(before);
    const after = (await (await ann.api(`/api/agents/${a.id}`)).json()) as Agent;
    expect(after.tool_resources).toEqual({});
  });

  it("never searches another person's document named in the agent's resources", async () => {
    const bens = await uploadTo(ben, 'secret.txt', 'The espresso vault code is BENSECRET.');
    const { file_id } = (await bens.json()) as { file_id: string };
    await h.app.fileSearchIdle();
    // Ann may write any id into her agent; only her own documents are ever searched.
    const a = await created(ann, {
      name: 'Snoop',
      tools: ['file_search'],
      tool_resources: { file_search: { file_ids: [file_id] } },
    });
    const res = await chat(ann, { agent_id: a.id, text: searching('espresso vault code') });
    expect(res.status).toBe(200);
    expect(JSON.stringify(chatRequests())).not.toContain('BENSECRET');
    expect(JSON.stringify(res.events)).not.toContain('BENSECRET');
  });
});

describe('a conversation whose agent is gone', () => {
  it('still opens, and asking in it answers that the agent was not found, for deleted and unshared agents', async () => {
    const mine = await created(ann, { name: 'Short-lived' });
    const theirs = await created(cat, { name: 'Was shared' });
    await share(cat, theirs.id, { public: true });
    for (const [agent, owner] of [
      [mine, ann],
      [theirs, cat],
    ] as const) {
      const first = await chat(ann, { agent_id: agent.id });
      expect(first.status).toBe(200);
      const final = finalOf(first.events);
      const conversationId = final.conversation.conversationId;
      if (owner === ann)
        expect((await ann.api(`/api/agents/${agent.id}`, { method: 'DELETE' })).status).toBe(200);
      else expect((await share(cat, agent.id, { public: false })).status).toBe(200);

      const convo = await ann.api(`/api/convos/${conversationId}`);
      expect(convo.status).toBe(200);
      expect(await convo.json()).toMatchObject({ endpoint: 'agents', agent_id: agent.id });
      expect(await ann.messages(conversationId)).toHaveLength(2);

      h.fake.reset();
      const again = await chat(ann, {
        agent_id: agent.id,
        text: 'Are you there?',
        conversationId,
        parentMessageId: final.responseMessage.messageId,
      });
      expect(again.status).toBe(404);
      expect(again.json).toMatchObject({ code: 'not_found', message: 'Agent not found' });
      expect(chatRequests()).toHaveLength(0);
      // Nothing was added to the conversation.
      expect(await ann.messages(conversationId)).toHaveLength(2);
    }
  });
});

describe("an agent's avatar", () => {
  const PIXEL_PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (user: User, id: string, bytes: Uint8Array, name = 'avatar.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${h.url}/api/files/images/agents/${id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.user.token}` },
      body: form,
    });
  };

  it('is set by its owner as a PNG, replaced, shown to those it is shared with, and gone with the agent', async () => {
    const a = await created(ann, { name: 'Pictured' });
    const res = await upload(ann, a.id, PIXEL_PNG);
    expect(res.status, await res.clone().text()).toBe(200);
    const first = ((await res.json()) as Agent).avatar!;
    expect(first.filepath).toMatch(/^\/api\/files\/avatars\/[0-9a-f]{32}\.png$/);
    const image = await fetch(`${h.url}${first.filepath}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);

    await share(ann, a.id, { public: true });
    expect(((await (await ben.api(`/api/agents/${a.id}`)).json()) as Agent).avatar).toEqual(first);
    expect((await listOf(ben)).find((x) => x.id === a.id)?.avatar).toEqual(first);

    const again = await upload(ann, a.id, PIXEL_PNG);
    const second = ((await again.json()) as Agent).avatar!;
    expect(second.filepath).not.toBe(first.filepath);
    expect((await fetch(`${h.url}${first.filepath}`)).status).toBe(404);

    expect((await ann.api(`/api/agents/${a.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${h.url}${second.filepath}`)).status).toBe(404);
  });

  it('is refused to anyone but the owner, and for what is not a PNG or JPEG of at most 2 MB', async () => {
    const a = await created(ann, { name: 'Mine only' });
    await share(ann, a.id, { public: true });
    expect((await upload(ben, a.id, PIXEL_PNG)).status).toBe(403);
    const hidden = await created(cat, { name: 'Unseen' });
    expect((await upload(ben, hidden.id, PIXEL_PNG)).status).toBe(404);
    const gif = await upload(ann, a.id, new TextEncoder().encode('GIF89a not really'), 'a.gif', 'image/gif');
    expect(gif.status).toBe(400);
    const text = await upload(ann, a.id, new TextEncoder().encode('plain text'), 'a.png');
    expect(text.status).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PIXEL_PNG);
    expect((await upload(ann, a.id, big)).status).toBe(413);
    expect(((await (await ann.api(`/api/agents/${a.id}`)).json()) as Agent).avatar).toBeNull();
  });
});
