import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT, type Agent, type ApiErrorBody, type EndpointsConfig } from '@chat/contract';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import { DEFAULT_AGENTS_CONFIG } from '../../config/agents-yaml.js';
import { agents } from '../../db/schema.js';
import { chatUser, fakeEndpoint } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

// librechat.yaml `endpoints.agents` as the server applies it: two servers, one offering agents
// only plugin tools and one reply step, one without the builder.
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let limited: Harness;
let noBuilder: Harness;
type User = Awaited<ReturnType<typeof chatUser>>;
let ann: User;
let bob: User;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const endpoints = [{ ...fakeEndpoint(fake), models: ['gpt-4o-mini'] }];
  limited = await startTestApp({
    endpoints,
    agents: { ...DEFAULT_AGENTS_CONFIG, capabilities: ['tools'], recursionLimit: 1 },
  });
  noBuilder = await startTestApp({
    endpoints,
    agents: { ...DEFAULT_AGENTS_CONFIG, disableBuilder: true, capabilities: ['tools', 'file_search'] },
  });
  ann = await chatUser(limited, 'Ann');
  bob = await chatUser(noBuilder, 'Bob');
});
afterAll(async () => {
  await limited.close();
  await noBuilder.close();
  await fake.close();
});

const base = { provider: 'openAI', model: 'gpt-4o-mini' };
const chatRequests = () =>
  fake.requests.filter(
    (r) =>
      r.path === '/v1/chat/completions' &&
      !JSON.stringify((r.body as { messages?: unknown }).messages ?? '').includes('title'),
  );

describe('capabilities', () => {
  it('are told with the agents endpoint, and a tool whose capability is off is refused', async () => {
    const endpoints = (await (await ann.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.agents).toMatchObject({ disableBuilder: false, capabilities: ['tools'] });

    const ok = await ann.api('/api/agents', { body: { ...base, tools: ['calculator'] } });
    expect(ok.status).toBe(200);
    const refused = await ann.api('/api/agents', { body: { ...base, tools: ['calculator', 'file_search'] } });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as ApiErrorBody;
    expect(body.issues).toEqual([
      {
        path: 'tools',
        message: 'file_search needs the file_search capability, which this server does not offer agents',
      },
    ]);
    const { id } = (await ok.json()) as Agent;
    expect(
      (await ann.api(`/api/agents/${id}`, { method: 'PATCH', body: { tools: ['file_search'] } })).status,
    ).toBe(403);

    // Nor may a document be added to an agent for a file search it cannot run.
    const form = new FormData();
    form.append('file_id', crypto.randomUUID());
    form.append('tool_resource', 'file_search');
    form.append('agent_id', id);
    form.append('file', new Blob(['Some notes.'], { type: 'text/plain' }), 'notes.txt');
    const upload = await fetch(`${limited.url}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.user.token}` },
      body: form,
    });
    expect(upload.status).toBe(403);
    expect(((await (await ann.api('/api/files')).json()) as unknown[]).length).toBe(0);
  });

  it('recursionLimit bounds the model calls of one reply', async () => {
    const res = await ann.api('/api/agents', { body: { ...base, tools: ['calculator'] } });
    const { id } = (await res.json()) as Agent;
    fake.reset();
    const reply = await postSse(`${limited.url}/api/agents/chat`, ann.user.token, {
      agent_id: id,
      conversationId: null,
      parentMessageId: NO_PARENT,
      text: 'Please help [[fake tool=calculator args="{\\"input\\":\\"6*7\\"}"]]',
    });
    expect(reply.status).toBe(200);
    finalOf(reply.events);
    expect(chatRequests()).toHaveLength(1);
  });
});

describe('disableBuilder', () => {
  it('refuses making, changing and copying agents with 403; existing ones are still used', async () => {
    const refused = await bob.api('/api/agents', { body: { ...base, name: 'New' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).message).toBe(
      'The agent builder is disabled on this server',
    );

    // One made before the builder was turned off.
    const id = 'agent_madeBeforeTheSwitch00';
    await noBuilder.database.db
      .insert(agents)
      .values({ id, userId: bob.user.user.id, name: 'Old', provider: 'openAI', model: 'gpt-4o-mini' });
    expect((await bob.api(`/api/agents/${id}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(403);
    expect((await bob.api(`/api/agents/${id}/duplicate`, { method: 'POST' })).status).toBe(403);
    expect((await bob.api(`/api/agents/${id}`)).status).toBe(200);
    const reply = await postSse(`${noBuilder.url}/api/agents/chat`, bob.user.token, {
      agent_id: id,
      conversationId: null,
      parentMessageId: NO_PARENT,
      text: 'Hello',
    });
    expect(reply.status).toBe(200);
    expect(finalOf(reply.events).responseMessage.sender).toBe('Old');
    const endpoints = (await (await bob.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.agents).toMatchObject({ disableBuilder: true });
  });
});

describe('interface.agents', () => {
  let closed: Harness;
  let noSharing: Harness;
  let cat: User;
  let dan: User;
  beforeAll(async () => {
    const endpoints = [{ ...fakeEndpoint(fake), models: ['gpt-4o-mini'] }];
    closed = await startTestApp({
      endpoints,
      agents: { ...DEFAULT_AGENTS_CONFIG, use: false, disableBuilder: true },
    });
    noSharing = await startTestApp({
      endpoints,
      agents: { ...DEFAULT_AGENTS_CONFIG, share: false, public: false },
    });
    cat = await chatUser(closed, 'Cat');
    dan = await chatUser(noSharing, 'Dan');
  });
  afterAll(async () => {
    await closed.close();
    await noSharing.close();
  });

  it('without use, agents are not offered and every route answers 403', async () => {
    const endpoints = (await (await cat.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.agents).toBeUndefined();
    const list = await cat.api('/api/agents');
    expect(list.status).toBe(403);
    expect(((await list.json()) as ApiErrorBody).message).toBe('Agents are turned off on this server');
    expect((await cat.api('/api/agents', { body: base })).status).toBe(403);
    const reply = await postSse(`${closed.url}/api/agents/chat`, cat.user.token, {
      agent_id: 'agent_anything00000000000',
      conversationId: null,
      parentMessageId: NO_PARENT,
      text: 'Hello',
    });
    expect(reply.status).toBe(403);
  });

  it('without share and public, an agent stays its owner’s: sharing is refused, taking back is not', async () => {
    const made = await dan.api('/api/agents', { body: { ...base, name: 'Mine' } });
    const { id } = (await made.json()) as Agent;
    const byMail = await dan.api(`/api/permissions/agent/${id}`, {
      method: 'PUT',
      body: { public: false, emails: ['friend@example.com'] },
    });
    expect(byMail.status).toBe(403);
    expect(((await byMail.json()) as ApiErrorBody).message).toBe(
      'Sharing agents with other people is turned off on this server',
    );
    const withAll = await dan.api(`/api/permissions/agent/${id}`, {
      method: 'PUT',
      body: { public: true, emails: [] },
    });
    expect(withAll.status).toBe(403);
    expect(((await withAll.json()) as ApiErrorBody).message).toBe(
      'Sharing agents with everyone is turned off on this server',
    );
    const none = await dan.api(`/api/permissions/agent/${id}`, {
      method: 'PUT',
      body: { public: false, emails: [] },
    });
    expect(none.status).toBe(200);
  });
});
