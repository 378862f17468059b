import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import { MCP_LIMITS, type ApiErrorBody, type McpToolsResponse, type Plugin, type User } from '@chat/contract';
import { chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';
import { startStreamableMcp, type FixtureHttpServer } from '../../../test/fixtures/mcp/http-servers.js';
import type { McpServerConfig } from './yaml.js';

const STDIO_FIXTURE = fileURLToPath(new URL('../../../test/fixtures/mcp/stdio-server.ts', import.meta.url));
const CHILD_SECRET = 'child-env-secret-value-1';
const HEADER_SECRET = 'Bearer header-secret-value-2';

let h: ChatHarness;
let web: FixtureHttpServer;
let ann: Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  web = await startStreamableMcp();
  const servers: McpServerConfig[] = [
    {
      name: 'files',
      type: 'stdio',
      command: process.execPath,
      args: ['--import', 'tsx', STDIO_FIXTURE],
      env: { FIXTURE_SECRET: CHILD_SECRET },
      stderr: 'ignore',
      startup: true,
      iconPath: '/assets/files.svg',
      timeoutMs: MCP_LIMITS.defaultTimeoutMs,
      initTimeoutMs: 30_000,
    },
    {
      // The same program, started only when first listed, its calls cut after a second.
      name: 'lazy',
      type: 'stdio',
      command: process.execPath,
      args: ['--import', 'tsx', STDIO_FIXTURE],
      env: {},
      stderr: 'ignore',
      startup: false,
      timeoutMs: 1000,
      initTimeoutMs: 30_000,
    },
    {
      name: 'web',
      type: 'streamable-http',
      url: web.url,
      headers: { authorization: HEADER_SECRET, 'x-user': '{{LIBRECHAT_USER_ID}}' },
      startup: true,
      timeoutMs: MCP_LIMITS.defaultTimeoutMs,
      initTimeoutMs: 30_000,
    },
  ];
  const fake = await startFakeOpenAI();
  const openAI = fakeEndpoint(fake);
  const app = await startTestApp({
    endpoints: [openAI, { ...openAI, name: 'gptPlugins', type: 'gptPlugins' }],
    mcpServers: servers,
  });
  h = {
    ...app,
    fake,
    async close() {
      await app.close();
      await fake.close();
    },
  };
  ann = await chatUser(h, 'Ann', { endpoint: 'gptPlugins', model: 'gpt-4o-mini' });
});
afterAll(async () => {
  await h.close();
  await web.close();
});
beforeEach(() => h.fake.reset());

const calling = (tool: string, args: unknown) =>
  `Please help [[fake tool=${tool} args="${JSON.stringify(args).replace(/"/g, '\\"')}"]]`;

const isTitle = (body: { messages?: { role: string; content: unknown }[] }) =>
  body.messages?.some((m) => m.role === 'system' && String(m.content).includes('title')) === true;
const chatRequests = () =>
  h.fake.requests
    .filter((r) => r.path === '/v1/chat/completions' && !isTitle(r.body as { messages?: [] }))
    .map((r) => r.body as Record<string, unknown>);

describe('MCP tools in the plugin store', () => {
  it('lists every server’s tools under LibreChat’s keys, never an env or header value', async () => {
    const res = await ann.api('/api/plugins');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(CHILD_SECRET);
    expect(text).not.toContain('header-secret');
    const plugins = JSON.parse(text) as Plugin[];
    const keys = plugins.map((p) => p.pluginKey);
    expect(keys.slice(0, 2)).toEqual(['calculator', 'datetime']);
    // The server without startup was started for this listing.
    expect(keys).toEqual(
      expect.arrayContaining([
        'echo_mcp_files',
        'crash_mcp_files',
        'echo_mcp_web',
        'whoami_mcp_web',
        'slow_mcp_lazy',
      ]),
    );
    expect(plugins.find((p) => p.pluginKey === 'echo_mcp_files')).toEqual({
      name: 'Echo',
      pluginKey: 'echo_mcp_files',
      description: 'Says the text back',
      icon: '/assets/files.svg',
      authConfig: [],
      authenticated: true,
    });
  });

  it('GET /api/mcp/tools: each server with its tools, in LibreChat’s shape, nothing of its config', async () => {
    const res = await ann.api('/api/mcp/tools');
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of [CHILD_SECRET, 'header-secret', 'stdio-server.ts', web.url])
      expect(text).not.toContain(secret);
    const body = JSON.parse(text) as McpToolsResponse;
    expect(Object.keys(body.servers)).toEqual(['files', 'lazy', 'web']);
    expect(body.servers.files).toMatchObject({
      name: 'files',
      icon: '/assets/files.svg',
      authenticated: true,
      authConfig: [],
    });
    expect(body.servers.files!.tools).toContainEqual({
      name: 'echo',
      pluginKey: 'echo_mcp_files',
      description: 'Says the text back',
    });
    expect(body.servers.web!.tools.map((t) => t.pluginKey)).toContain('whoami_mcp_web');
  });

  it('installs like a plugin, needing no credentials; an unknown MCP tool is refused', async () => {
    const res = await ann.api('/api/user/plugins', {
      method: 'POST',
      body: { pluginKey: 'echo_mcp_files', action: 'install', auth: null },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as User).plugins).toContain('echo_mcp_files');
    const unknown = await ann.api('/api/user/plugins', {
      method: 'POST',
      body: { pluginKey: 'echo_mcp_nowhere', action: 'install', auth: null },
    });
    expect(unknown.status).toBe(400);
  });
});

// A crashed child starts again through tsx: a loaded machine may take seconds.
describe('MCP tools in the agent loop', { timeout: 60_000 }, () => {
  it('the model calls a stdio server’s tool and answers with its result', async () => {
    const res = await ann.ask({
      text: calling('echo_mcp_files', { text: 'otters' }),
      tools: ['echo_mcp_files'],
    });
    expect(res.status).toBe(200);
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe('The tools answered: "[stdio] echo: otters".');
    expect(final.responseMessage.plugins?.[0]).toMatchObject({
      pluginKey: 'echo_mcp_files',
      latest: 'Echo',
      loading: false,
      outputs: '[stdio] echo: otters',
    });
    const [first, second] = chatRequests();
    expect(first!.tools).toEqual([
      {
        type: 'function',
        function: expect.objectContaining({
          name: 'echo_mcp_files',
          description: 'Says the text back',
          parameters: expect.objectContaining({ properties: { text: { type: 'string' } } }),
        }),
      },
    ]);
    expect((second!.messages as { role: string; content: unknown }[]).at(-1)).toMatchObject({
      role: 'tool',
      content: '[stdio] echo: otters',
    });
  });

  it('an HTTP server’s tool gets the user’s id in its headers', async () => {
    const res = await ann.ask({
      text: calling('whoami_mcp_web', {}),
      tools: ['whoami_mcp_web', 'echo_mcp_files'],
    });
    expect(finalOf(res.events).responseMessage.text).toBe(`The tools answered: "${ann.user.user.id}".`);
    expect(web.headers.at(-1)).toMatchObject({ 'x-user': ann.user.user.id, authorization: HEADER_SECRET });
  });

  it('a slow tool times out and a failing one errs: the model is told, the reply goes on', async () => {
    h.fake.enqueue({ toolCalls: [{ name: 'slow_mcp_lazy', arguments: '{"ms":60000}' }] });
    h.fake.enqueue({ toolCalls: [{ name: 'fail_mcp_files', arguments: '{}' }] });
    h.fake.enqueue({ reply: 'Both failed.' });
    const res = await ann.ask({ text: 'Try', tools: ['slow_mcp_lazy', 'fail_mcp_files'] });
    const reply = finalOf(res.events).responseMessage;
    expect(reply.text).toBe('Both failed.');
    const uses = reply.plugins!.filter((p) => p.pluginKey !== 'self reflection');
    expect(uses.map((p) => [p.pluginKey, p.error, p.outputs])).toEqual([
      ['slow_mcp_lazy', true, expect.stringMatching(/^Error: .*timed out/i)],
      ['fail_mcp_files', true, 'Error: the fixture failed on purpose'],
    ]);
    const told = chatRequests().map((r) => (r.messages as { role: string; content: unknown }[]).at(-1));
    expect(told[1]).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Error: .*timed out/i) });
    expect(told[2]).toMatchObject({ role: 'tool', content: 'Error: the fixture failed on purpose' });
  });

  it('a crashed server is an error the model sees, and the next call restarts it', async () => {
    const crashed = await ann.ask({ text: calling('crash_mcp_files', {}), tools: ['crash_mcp_files'] });
    const use = finalOf(crashed.events).responseMessage.plugins![0]!;
    expect(use).toMatchObject({ pluginKey: 'crash_mcp_files', error: true });
    const again = await ann.ask({
      text: calling('echo_mcp_files', { text: 'back' }),
      tools: ['echo_mcp_files'],
    });
    expect(finalOf(again.events).responseMessage.text).toBe('The tools answered: "[stdio] echo: back".');
  });

  it('refuses a selection naming a tool no configured server has, before anything is saved', async () => {
    const res = await ann.ask({ text: 'hi', tools: ['echo_mcp_nowhere'] });
    expect(res.status).toBe(400);
    expect((res.json as ApiErrorBody).code).toBe('validation_error');
    expect(chatRequests()).toEqual([]);
  });
});

describe('shutdown', () => {
  it('closing the app ends the stdio child', async () => {
    const res = await ann.ask({ text: calling('pid_mcp_files', {}), tools: ['pid_mcp_files'] });
    const pid = Number(/"(\d+)"/.exec(finalOf(res.events).responseMessage.text)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).not.toThrow();
    await h.app.close();
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 20_000 });
  });
});
