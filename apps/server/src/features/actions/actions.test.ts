import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENTS_CONFIG_TEXTS, NO_PARENT, type Action, type Agent, type ApiErrorBody } from '@chat/contract';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import { agentActions } from '../../db/schema.js';
import { chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';
import { DEFAULT_AGENTS_CONFIG, type AgentsConfig } from '../../config/agents-yaml.js';
import type { ActionsConfig } from './yaml.js';

const API_KEY = 'sk-weather-0123456789-secret';

/** A tiny weather API on this machine: what the agent's action describes and calls. */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}
let api: Server;
let apiPort: number;
const seen: Seen[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

const specFor = (server: string, format: 'json' | 'yaml' = 'json') => {
  if (format === 'yaml') {
    return [
      'openapi: 3.0.3',
      'info: { title: Weather, version: "1" }',
      `servers: [{ url: "${server}" }]`,
      'paths:',
      '  /notes:',
      '    post:',
      '      operationId: addNote',
      '      summary: Saves a note',
      '      requestBody:',
      '        required: true',
      '        content:',
      '          application/json:',
      '            schema: { $ref: "#/components/schemas/Note" }',
      'components:',
      '  schemas:',
      '    Note:',
      '      type: object',
      '      required: [text]',
      '      properties: { text: { type: string }, pinned: { type: boolean } }',
    ].join('\n');
  }
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Weather', version: '1' },
    servers: [{ url: server }],
    paths: {
      '/weather/{city}': {
        get: {
          operationId: 'getWeather',
          summary: 'The weather in a city',
          parameters: [
            { name: 'city', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'units', in: 'query', schema: { type: 'string', enum: ['metric', 'imperial'] } },
          ],
        },
      },
    },
  });
};

let h: ChatHarness;
let allowed: ActionsConfig;
/** librechat.yaml `endpoints.agents`, changed in place by a test as an operator would. */
const agentsConfig: AgentsConfig = { ...DEFAULT_AGENTS_CONFIG };
type User = Awaited<ReturnType<typeof chatUser>>;
let ann: User;
let ben: User;
let cat: User;
const logLines: string[] = [];
let base: string;

beforeAll(async () => {
  api = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${API_KEY}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: 'no key' }));
        return;
      }
      const city = /^\/v1\/weather\/([^?]+)/.exec(req.url!)?.[1];
      if (city) res.end(JSON.stringify({ city: decodeURIComponent(city), sky: 'sunny', temp: 21 }));
      else res.end(JSON.stringify({ saved: JSON.parse(body || '{}') }));
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  apiPort = (api.address() as AddressInfo).port;
  base = `http://127.0.0.1:${apiPort}/v1`;

  const fake = await startFakeOpenAI();
  allowed = { allowedDomains: [`http://127.0.0.1:${apiPort}`, '*.example.org'] };
  const app = await startTestApp(
    {
      endpoints: [{ ...fakeEndpoint(fake), models: ['gpt-4o-mini'] }],
      actions: allowed,
      agents: agentsConfig,
    },
    { logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } } },
  );
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
  await new Promise((r) => api.close(r));
});
beforeEach(() => {
  h.fake.reset();
  seen.length = 0;
});

async function agentOf(user: User, name: string): Promise<Agent> {
  const res = await user.api('/api/agents', { body: { name, provider: 'openAI', model: 'gpt-4o-mini' } });
  expect(res.status).toBe(200);
  return (await res.json()) as Agent;
}
const save = (
  user: User,
  agentId: string,
  metadata: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) =>
  user.api(`/api/agents/actions/${agentId}`, {
    body: {
      functions: [{ type: 'function', function: { name: 'getWeather', description: 'x', parameters: {} } }],
      metadata: { domain: '127.0.0.1', raw_spec: specFor(base), auth: { type: 'none' }, ...metadata },
      ...extra,
    },
  });
const withKey = {
  auth: { type: 'service_http', authorization_type: 'bearer' },
  api_key: API_KEY,
};
const chat = (user: User, agentId: string, text: string) =>
  postSse(`${h.url}/api/agents/chat`, user.user.token, {
    agent_id: agentId,
    text,
    conversationId: null,
    parentMessageId: NO_PARENT,
  });
const calling = (tool: string, args: unknown) =>
  `Please help [[fake tool=${tool} args="${JSON.stringify(args).replace(/"/g, '\\"')}"]]`;
/** The fake model's reply after a tool call: the tool's output, quoted as JSON. */
const answered = (body: unknown) => `The tools answered: ${JSON.stringify(JSON.stringify(body))}.`;
const messageOf = async (res: Response) => ((await res.json()) as ApiErrorBody).message;

describe('saving an action', () => {
  it('stores the spec with its key sealed, answers [agent, action] without the key, lists it', async () => {
    const agent = await agentOf(ann, 'Weather');
    const res = await save(ann, agent.id, withKey);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(API_KEY);
    const [savedAgent, action] = JSON.parse(text) as [Agent, Action];
    expect(savedAgent.id).toBe(agent.id);
    expect(action).toMatchObject({
      agent_id: agent.id,
      type: 'action_prototype',
      functions: ['getWeather'],
      metadata: {
        domain: '127.0.0.1',
        auth: { type: 'service_http', authorization_type: 'bearer' },
        api_key_set: true,
      },
    });
    expect(action.action_id).toMatch(/^[A-Za-z0-9_-]{21}$/);

    const listed = await ann.api('/api/agents/actions');
    const listText = await listed.text();
    expect(listText).not.toContain(API_KEY);
    expect((JSON.parse(listText) as Action[]).map((a) => a.action_id)).toContain(action.action_id);

    const [row] = await h.database.db.select().from(agentActions);
    expect(row!.apiKey).toMatch(/^v1\./);
    expect(row!.apiKey).not.toContain(API_KEY);

    // Saving again under the same id without a key keeps the stored one.
    const again = await save(ann, agent.id, { auth: withKey.auth }, { action_id: action.action_id });
    expect(again.status, await again.clone().text()).toBe(200);
    const [, kept] = (await again.json()) as [Agent, Action];
    expect(kept.metadata.api_key_set).toBe(true);
    expect((await ann.api('/api/agents/actions').then((r) => r.json())) as Action[]).toHaveLength(1);
  });

  it('reads a YAML spec with a JSON body behind a local $ref', async () => {
    const agent = await agentOf(ann, 'Notes');
    const res = await save(ann, agent.id, { ...withKey, raw_spec: specFor(base, 'yaml') });
    expect(res.status, await res.clone().text()).toBe(200);
    const [, action] = (await res.json()) as [Agent, Action];
    expect(action.functions).toEqual(['addNote']);

    const reply = await chat(ann, agent.id, calling('addNote', { text: 'buy milk', pinned: true }));
    expect(finalOf(reply.events).responseMessage.text).toBe(
      answered({ saved: { text: 'buy milk', pinned: true } }),
    );
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/notes' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ text: 'buy milk', pinned: true });
  });

  it('refuses a domain outside actions.allowedDomains, a loopback host not listed, and a mismatch', async () => {
    const agent = await agentOf(ann, 'Elsewhere');
    const outside = await save(ann, agent.id, {
      domain: 'api.other.com',
      raw_spec: specFor('https://api.other.com/v1'),
    });
    expect(outside.status).toBe(400);
    expect(await messageOf(outside)).toBe('Domain not allowed: api.other.com');

    const localhost = await save(ann, agent.id, {
      domain: 'localhost',
      raw_spec: specFor(`http://localhost:${apiPort}/v1`),
    });
    expect(localhost.status).toBe(400);
    expect(await messageOf(localhost)).toContain('Domain not allowed');

    // The listed host on another port is not the entry's.
    const port = await save(ann, agent.id, { raw_spec: specFor(`http://127.0.0.1:${apiPort + 1}/v1`) });
    expect(port.status).toBe(400);

    const mismatch = await save(ann, agent.id, { domain: 'api.example.org' });
    expect(mismatch.status).toBe(400);
    expect(await messageOf(mismatch)).toContain("does not match the spec's server");
  });

  it('refuses OAuth, a missing key, a bad spec and no functions with clear texts', async () => {
    const agent = await agentOf(ann, 'Refusals');
    const oauth = await save(ann, agent.id, { auth: { type: 'oauth', authorization_url: 'https://x' } });
    expect(oauth.status).toBe(400);
    expect(await messageOf(oauth)).toContain('OAuth actions are not supported');

    const noKey = await save(ann, agent.id, { auth: withKey.auth });
    expect(noKey.status).toBe(400);
    expect(await messageOf(noKey)).toBe('An API key is required for this auth type');

    const bad = await save(ann, agent.id, { raw_spec: 'openapi: 2.0\npaths: {}\n' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toContain('Invalid OpenAPI spec');

    const remote = JSON.parse(specFor(base)) as { paths: Record<string, unknown> };
    remote.paths['/x'] = { $ref: 'https://evil.example.com/spec.json#/paths/x' };
    const refRes = await save(ann, agent.id, { raw_spec: JSON.stringify(remote) });
    expect(refRes.status).toBe(400);
    expect(await messageOf(refRes)).toContain('Only references inside the spec are followed');

    const none = await save(ann, agent.id, {}, { functions: [] });
    expect(none.status).toBe(400);
    expect(await messageOf(none)).toBe('No functions provided');
  });
});

describe('chatting with an action', () => {
  it("calls the API with the owner's key for the owner and for whom it is shared with", async () => {
    const agent = await agentOf(ann, 'Forecaster');
    expect((await save(ann, agent.id, withKey)).status).toBe(200);

    const res = await chat(ann, agent.id, calling('getWeather', { city: 'Paris', units: 'metric' }));
    expect(res.status).toBe(200);
    expect(finalOf(res.events).responseMessage.text).toBe(
      answered({ city: 'Paris', sky: 'sunny', temp: 21 }),
    );
    expect(seen).toEqual([
      { method: 'GET', url: '/v1/weather/Paris?units=metric', authorization: `Bearer ${API_KEY}`, body: '' },
    ]);
    const request = h.fake.requests.find((r) => r.path === '/v1/chat/completions')!.body as {
      tools?: { function: { name: string; parameters: { required?: string[] } } }[];
    };
    expect(request.tools?.map((t) => t.function.name)).toEqual(['getWeather']);
    expect(request.tools?.[0]?.function.parameters.required).toEqual(['city']);

    // Shared with Ben: he chats with it, the call carries Ann's key, he never sees the key.
    const shared = await ann.api(`/api/permissions/agent/${agent.id}`, {
      method: 'PUT',
      body: { public: false, emails: [ben.user.email] },
    });
    expect(shared.status).toBe(200);
    seen.length = 0;
    const benReply = await chat(ben, agent.id, calling('getWeather', { city: 'Oslo' }));
    expect(finalOf(benReply.events).responseMessage.text).toContain('\\"city\\":\\"Oslo\\"');
    expect(seen[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.stringify(benReply.events)).not.toContain(API_KEY);
    expect(await (await ben.api('/api/agents/actions')).json()).toEqual([]);
    expect(await (await ben.api(`/api/agents/${agent.id}`)).text()).not.toContain(API_KEY);
  });

  it('keeps a path argument inside its segment: ".." never climbs out of it', async () => {
    const agent = await agentOf(ann, 'Climber');
    expect((await save(ann, agent.id, withKey)).status).toBe(200);
    const res = await chat(ann, agent.id, calling('getWeather', { city: '..' }));
    expect(finalOf(res.events).responseMessage.text).toContain('may not be');
    const slash = await chat(ann, agent.id, calling('getWeather', { city: '../../admin?x=1' }));
    expect(finalOf(slash.events).responseMessage.text).toContain('sunny');
    expect(seen.map((r) => r.url)).toEqual(['/v1/weather/..%2F..%2Fadmin%3Fx%3D1']);
  });

  it('refuses the call once the domain is no longer allowed, without calling the API', async () => {
    const agent = await agentOf(ann, 'Revoked');
    expect((await save(ann, agent.id, withKey)).status).toBe(200);
    const before = allowed.allowedDomains!;
    allowed.allowedDomains = ['*.example.org'];
    try {
      const res = await chat(ann, agent.id, calling('getWeather', { city: 'Rome' }));
      expect(res.status).toBe(200);
      expect(finalOf(res.events).responseMessage.text).toContain('Domain not allowed: 127.0.0.1');
      expect(seen).toEqual([]);
    } finally {
      allowed.allowedDomains = before;
    }
  });
});

describe("the operator's agents settings", () => {
  it('without the actions capability, or with the builder off, actions are neither changed nor run', async () => {
    const agent = await agentOf(ann, 'Capable');
    const saved = (await (await save(ann, agent.id, withKey)).json()) as [Agent, { action_id: string }];
    const actionId = saved[1].action_id;
    try {
      agentsConfig.capabilities = DEFAULT_AGENTS_CONFIG.capabilities.filter((c) => c !== 'actions');
      const refused = await save(ann, agent.id, withKey);
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(AGENTS_CONFIG_TEXTS.capabilityOff('Actions', 'actions'));
      expect(
        (await ann.api(`/api/agents/actions/${agent.id}/${actionId}`, { method: 'DELETE' })).status,
      ).toBe(403);
      // The model is not offered the operation: its call finds no such tool, and the API hears nothing.
      const res = await chat(ann, agent.id, calling('getWeather', { city: 'Oslo' }));
      expect(res.status).toBe(200);
      expect(finalOf(res.events).responseMessage.text).not.toContain('sunny');
      expect(seen).toEqual([]);

      agentsConfig.capabilities = DEFAULT_AGENTS_CONFIG.capabilities;
      agentsConfig.disableBuilder = true;
      const off = await save(ann, agent.id, withKey);
      expect(off.status).toBe(403);
      expect(await messageOf(off)).toBe(AGENTS_CONFIG_TEXTS.builderDisabled);
      // Used, not changed: the agent still runs its actions.
      const used = await chat(ann, agent.id, calling('getWeather', { city: 'Oslo' }));
      expect(finalOf(used.events).responseMessage.text).toContain('sunny');
    } finally {
      agentsConfig.capabilities = DEFAULT_AGENTS_CONFIG.capabilities;
      agentsConfig.disableBuilder = false;
    }
  });
});

describe('who may change actions', () => {
  it('answers 403 to someone the agent is shared with and 404 to anyone else', async () => {
    const agent = await agentOf(ann, 'Guarded');
    const saved = await save(ann, agent.id, withKey);
    const [, action] = (await saved.json()) as [Agent, Action];
    await ann.api(`/api/permissions/agent/${agent.id}`, {
      method: 'PUT',
      body: { public: false, emails: [ben.user.email] },
    });

    expect((await save(ben, agent.id, withKey)).status).toBe(403);
    const benDelete = await ben.api(`/api/agents/actions/${agent.id}/${action.action_id}`, {
      method: 'DELETE',
    });
    expect(benDelete.status).toBe(403);
    expect((await save(cat, agent.id, withKey)).status).toBe(404);
    const catDelete = await cat.api(`/api/agents/actions/${agent.id}/${action.action_id}`, {
      method: 'DELETE',
    });
    expect(catDelete.status).toBe(404);

    // Cat's own agent cannot take over Ann's action by its id.
    const catAgent = await agentOf(cat, 'Thief');
    const takeover = await save(cat, catAgent.id, withKey, { action_id: action.action_id });
    expect(takeover.status).toBe(404);

    const deleted = await ann.api(`/api/agents/actions/${agent.id}/${action.action_id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Action deleted successfully' });
    const again = await ann.api(`/api/agents/actions/${agent.id}/${action.action_id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('never writes the key to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(API_KEY);
  });
});
