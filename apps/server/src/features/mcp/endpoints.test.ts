import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
  type FakeServer,
  type RecordedRequest,
} from '@chat/fake-upstreams';
import { MCP_LIMITS, type ApiErrorBody, type Conversation } from '@chat/contract';
import { chatUser, fakeEndpoint } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { fakeProviderEndpoint } from '../../../test/support/provider-harness.js';
import { finalOf } from '../../../test/support/sse-client.js';
import type { McpServerConfig } from './yaml.js';

// The chosen tools on every endpoint whose models call tools: a real MCP server over stdio
// answers the call each fake model makes over its own wire protocol, through POST /api/ask.

const STDIO_FIXTURE = fileURLToPath(new URL('../../../test/fixtures/mcp/stdio-server.ts', import.meta.url));

const files: McpServerConfig = {
  name: 'files',
  type: 'stdio',
  command: process.execPath,
  args: ['--import', 'tsx', STDIO_FIXTURE],
  env: {},
  stderr: 'ignore',
  startup: true,
  timeoutMs: MCP_LIMITS.defaultTimeoutMs,
  initTimeoutMs: 30_000,
};
// Configured, but its program does not exist: it never lists a tool.
const broken: McpServerConfig = {
  ...files,
  name: 'broken',
  command: '/nonexistent/mcp-server',
  args: [],
  startup: false,
  initTimeoutMs: 5_000,
};

let h: Harness;
let openai: FakeServer;
let anthropic: FakeServer;
let gemini: FakeServer;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  anthropic = await startFakeAnthropic({ apiKey: 'fake-provider-key' });
  gemini = await startFakeGemini({ apiKey: 'fake-provider-key' });
  h = await startTestApp({
    endpoints: [
      fakeEndpoint(openai as Parameters<typeof fakeEndpoint>[0]),
      fakeProviderEndpoint('anthropic', anthropic),
      fakeProviderEndpoint('google', gemini),
    ],
    mcpServers: [files, broken],
  });
});
afterAll(async () => {
  await h.close();
  await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
});
beforeEach(() => {
  for (const f of [openai, anthropic, gemini]) f.reset();
});

const calling = (tool: string, args: unknown) =>
  `Please help [[fake tool=${tool} args="${JSON.stringify(args).replace(/"/g, '\\"')}"]]`;

/** The streamed chat requests (not titles), in order. */
const streamed = (requests: RecordedRequest[], words = 'Please help') =>
  requests
    .filter((r) => r.method === 'POST' && JSON.stringify(r.body).includes(words))
    .map((r) => r.body as Record<string, unknown>);

const CASES = [
  {
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    fake: () => openai,
    toolNames: (b: Record<string, unknown>) =>
      (b.tools as { function: { name: string } }[]).map((t) => t.function.name),
  },
  {
    endpoint: 'anthropic',
    model: 'claude-sonnet-4-6',
    fake: () => anthropic,
    toolNames: (b: Record<string, unknown>) => (b.tools as { name: string }[]).map((t) => t.name),
  },
  {
    endpoint: 'google',
    model: 'gemini-2.5-flash',
    fake: () => gemini,
    toolNames: (b: Record<string, unknown>) =>
      (b.tools as { functionDeclarations: { name: string }[] }[]).flatMap((t) =>
        t.functionDeclarations.map((d) => d.name),
      ),
  },
];

describe.each(CASES)('MCP tools chosen on $endpoint', { timeout: 60_000 }, (c) => {
  it('the model calls the stdio server’s tool; the reply quotes it, with the plugin display states', async () => {
    const user = await chatUser(h, `Ann ${c.endpoint}`, { endpoint: c.endpoint, model: c.model });
    const res = await user.ask({
      text: calling('echo_mcp_files', { text: 'otters' }),
      ephemeralAgent: { mcp: ['files'] },
    });
    expect(res.status).toBe(200);
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe('The tools answered: "[stdio] echo: otters".');
    expect(final.responseMessage.plugins?.[0]).toMatchObject({
      pluginKey: 'echo_mcp_files',
      latest: 'Echo',
      loading: false,
      inputs: [{ inputStr: '{"text":"otters"}' }],
      outputs: '[stdio] echo: otters',
    });
    // Using… then Used… went out as the call ran.
    const states = res.events.flatMap((e) => {
      const p = (e.data as { plugin?: { pluginKey: string; loading: boolean } | null }).plugin;
      return p?.pluginKey === 'echo_mcp_files' ? [p.loading] : [];
    });
    expect(states.slice(0, 2)).toEqual([true, false]);
    // Every tool of the chosen server was offered, in the provider's own format.
    const [first, second] = streamed(c.fake().requests);
    expect(c.toolNames(first!)).toEqual(expect.arrayContaining(['echo_mcp_files', 'add_mcp_files']));
    expect(JSON.stringify(second)).toContain('[stdio] echo: otters');
    // The choice is kept with the conversation.
    const convo = (await (
      await user.api(`/api/convos/${final.conversation.conversationId}`)
    ).json()) as Conversation;
    expect(convo.ephemeralAgent).toEqual({ mcp: ['files'] });
  });
});

describe('choosing tools on an endpoint that calls them', { timeout: 60_000 }, () => {
  it('a tool chosen by key in `tools` runs on openAI too', async () => {
    const user = await chatUser(h, 'Bea');
    const res = await user.ask({
      text: calling('add_mcp_files', { a: 2, b: 3 }),
      tools: ['add_mcp_files'],
    });
    expect(finalOf(res.events).responseMessage.text).toBe('The tools answered: "5".');
    expect(
      (streamed(openai.requests)[0]!.tools as { function: { name: string } }[]).map((t) => t.function.name),
    ).toEqual(['add_mcp_files']);
  });

  it('no tools chosen: a plain reply, no tools offered', async () => {
    const user = await chatUser(h, 'Cal');
    const res = await user.ask({ text: 'Please help [[fake reply="Plain."]]' });
    expect(finalOf(res.events).responseMessage.text).toBe('Plain.');
    expect(streamed(openai.requests)[0]).not.toHaveProperty('tools');
  });

  it('refuses an MCP server that is not configured, and one that cannot be reached', async () => {
    const user = await chatUser(h, 'Dee');
    const unknown = await user.ask({ text: 'Refused', ephemeralAgent: { mcp: ['nowhere'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json as ApiErrorBody).toMatchObject({
      code: 'validation_error',
      message: 'Unknown MCP server: nowhere',
    });
    const down = await user.ask({ text: 'Refused', ephemeralAgent: { mcp: ['broken'] } });
    expect(down.status).toBe(503);
    expect(streamed(openai.requests, 'Refused')).toHaveLength(0);
  });

  it('refuses a plugin the user has not authenticated, before anything is saved', async () => {
    const user = await chatUser(h, 'Eve');
    const res = await user.ask({ text: 'Refused', tools: ['tavily_search_results_json'] });
    expect(res.status).toBe(400);
    expect(streamed(openai.requests, 'Refused')).toHaveLength(0);
  });
});
