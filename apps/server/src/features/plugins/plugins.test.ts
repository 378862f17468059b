import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FAKE_PNG_BASE64,
  startFakeOpenAI,
  startFakeTavily,
  tavilyResults,
  type FakeServer,
} from '@chat/fake-upstreams';
import {
  isCreatedEvent,
  isPluginsEvent,
  isResumedEvent,
  type ApiErrorBody,
  type Conversation,
  type Plugin,
  type PluginState,
  type User,
} from '@chat/contract';
import { pluginAuth } from '../../db/schema.js';
import { chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { deltasOf, finalOf, type SseEvent } from '../../../test/support/sse-client.js';

/** A page server for the web reader: a page, a redirect inward, a page too large. */
let pages: http.Server;
let pagesURL: string;
let tavily: FakeServer;
let h: ChatHarness;
let ann: Awaited<ReturnType<typeof chatUser>>;
let ben: Awaited<ReturnType<typeof chatUser>>;
const TAVILY_KEY = 'tvly-ann-secret-key-0001';

beforeAll(async () => {
  pages = http.createServer((req, res) => {
    if (req.url === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Otters &amp; rivers</title><style>p{}</style></head>' +
          '<body><script>steal()</script><p>Otters hold hands while they sleep.</p></body></html>',
      );
    } else if (req.url === '/inward') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/hang') {
      // never answers: the reader waits until the reply is stopped
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(3 * 1024 * 1024));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
  pagesURL = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  tavily = await startFakeTavily({ apiKey: TAVILY_KEY });

  // The gptPlugins endpoint on the fake OpenAI, and the plugins' settings: the web reader on and
  // allowed to reach this machine's page server (127.0.0.1 only), Tavily on its fake.
  const fake = await startFakeOpenAI();
  const openAI = fakeEndpoint(fake);
  const app = await startTestApp({
    endpoints: [openAI, { ...openAI, name: 'gptPlugins', type: 'gptPlugins' }],
    plugins: {
      webBrowser: { enabled: true, policy: { allow: ['127.0.0.1/32'] } },
      imageModel: 'dall-e-3',
      tavily: { baseURL: tavily.url },
    },
  });
  h = {
    ...app,
    fake,
    async close() {
      await app.close();
      await fake.close();
    },
  };
  const target = { endpoint: 'gptPlugins', model: 'gpt-4o-mini' };
  ann = await chatUser(h, 'Ann', target);
  ben = await chatUser(h, 'Ben', target);
});
afterAll(async () => {
  await h.close();
  await tavily.close();
  pages.closeAllConnections();
  await new Promise((r) => pages.close(r));
});
beforeEach(() => {
  h.fake.reset();
  tavily.reset();
});

const install = (
  user: typeof ann,
  pluginKey: string,
  auth: Record<string, string> | null,
  action = 'install',
) => user.api('/api/user/plugins', { method: 'POST', body: { pluginKey, action, auth } });

/** A directive making the fake model call `tool` with `args` first, then answer with the results. */
const calling = (tool: string, args: unknown) =>
  `Please help [[fake tool=${tool} args="${JSON.stringify(args).replace(/"/g, '\\"')}"]]`;

const pluginEvents = (events: SseEvent[]) =>
  events.flatMap((e) => (isPluginsEvent(e.data) ? [e.data.plugins] : []));

/** The chat requests of replies the fake received, in order (title requests left out). */
/** A title request: its system message asks for a title. */
const isTitle = (body: { messages?: { role: string; content: unknown }[] }) =>
  body.messages?.some((m) => m.role === 'system' && String(m.content).includes('title')) === true;

const chatRequests = () =>
  h.fake.requests
    .filter((r) => r.path === '/v1/chat/completions' && !isTitle(r.body as { messages?: [] }))
    .map((r) => r.body as Record<string, unknown>);

describe('GET /api/plugins', () => {
  it('lists the real plugins with their auth fields', async () => {
    const res = await ann.api('/api/plugins');
    expect(res.status).toBe(200);
    const plugins = (await res.json()) as Plugin[];
    expect(plugins.map((p) => p.pluginKey)).toEqual([
      'calculator',
      'datetime',
      'tavily_search_results_json',
      'dalle',
      'web-browser',
    ]);
    const search = plugins.find((p) => p.pluginKey === 'tavily_search_results_json')!;
    expect(search.authConfig).toEqual([
      { authField: 'TAVILY_API_KEY', label: 'Tavily API Key', description: expect.any(String) },
    ]);
    expect(search.authenticated).toBe(false);
    expect(plugins.find((p) => p.pluginKey === 'calculator')!.authenticated).toBe(true);
  });
});

describe('POST /api/user/plugins', () => {
  it('refuses missing or short credentials with the spec texts, saving nothing', async () => {
    const missing = await install(ann, 'tavily_search_results_json', null);
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as ApiErrorBody;
    expect(body.issues).toEqual([
      {
        path: 'auth.TAVILY_API_KEY',
        message: 'Tavily API Key is required.',
        key: 'com_plugin_auth_required',
      },
    ]);
    const short = await install(ann, 'tavily_search_results_json', { TAVILY_API_KEY: 'tvly-123' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as ApiErrorBody).issues?.[0]).toMatchObject({
      message: 'Tavily API Key must be at least 10 characters long',
      key: 'com_plugin_auth_min_length',
    });
    const unknown = await install(ann, 'no-such-plugin', null);
    expect(unknown.status).toBe(400);
    const rows = await h.database.db.select().from(pluginAuth).where(eq(pluginAuth.userId, ann.user.user.id));
    expect(rows).toHaveLength(0);
    expect(((await (await ann.api('/api/user')).json()) as User).plugins).toEqual([]);
  });

  it('installs with credentials sealed per user, never answering them; uninstall deletes them', async () => {
    const res = await install(ann, 'tavily_search_results_json', { TAVILY_API_KEY: TAVILY_KEY });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(TAVILY_KEY);
    expect((JSON.parse(text) as User).plugins).toEqual(['tavily_search_results_json']);
    expect(await install(ann, 'calculator', null).then((r) => r.status)).toBe(200);
    // Installing again changes nothing in the list.
    await install(ann, 'calculator', null);
    const me = await (await ann.api('/api/user')).text();
    expect(me).not.toContain(TAVILY_KEY);
    expect((JSON.parse(me) as User).plugins).toEqual(['tavily_search_results_json', 'calculator']);
    expect(await (await ann.api('/api/plugins')).text()).not.toContain(TAVILY_KEY);

    const rows = await h.database.db.select().from(pluginAuth).where(eq(pluginAuth.userId, ann.user.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).not.toContain(TAVILY_KEY);
    expect(rows[0]!.value).toMatch(/^v1\./);
    // Ben has nothing of Ann's.
    expect(((await (await ben.api('/api/user')).json()) as User).plugins).toEqual([]);

    const off = await install(ben, 'calculator', null);
    expect(off.status).toBe(200);
    const removed = await install(ben, 'calculator', null, 'uninstall');
    expect(((await removed.json()) as User).plugins).toEqual([]);
  });
});

describe('the agent loop over HTTP', () => {
  it('calls the calculator, shows Using/Used live and after reload, and answers with its result', async () => {
    const res = await ann.ask({ text: calling('calculator', { input: '6*7' }), tools: ['calculator'] });
    expect(res.status).toBe(200);
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe('The tools answered: "42".');
    expect(deltasOf(res.events).join('')).toBe(final.responseMessage.text);

    // Live: loading first ("Using Calculator..."), then done ("Used Calculator") with its output.
    const states = pluginEvents(res.events);
    expect(states[0]).toEqual([
      {
        pluginKey: 'calculator',
        latest: 'Calculator',
        loading: true,
        inputs: [{ inputStr: '{"input":"6*7"}' }],
        outputs: null,
      },
    ]);
    expect(states).toContainEqual([
      {
        pluginKey: 'calculator',
        latest: 'Calculator',
        loading: false,
        inputs: [{ inputStr: '{"input":"6*7"}' }],
        outputs: '42',
      },
    ]);
    // Then the agent's next step: "I'm thinking..." then "Finished".
    const last = states.at(-1)!;
    expect(last.at(-1)).toMatchObject({ pluginKey: 'self reflection', loading: false });
    expect(states.some((s) => s.at(-1)?.pluginKey === 'self reflection' && s.at(-1)?.loading)).toBe(true);

    // The provider request: the plugin as a tool, then its result on the next request.
    const [first, second] = chatRequests();
    expect(first!.tools).toEqual([
      expect.objectContaining({
        type: 'function',
        function: expect.objectContaining({ name: 'calculator' }),
      }),
    ]);
    expect(first!.temperature).toBe(0); // the agent's default temperature
    const toolMessage = (second!.messages as { role: string; content: unknown }[]).at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', content: '42' });

    // After reload: the reply keeps its display states; the conversation its tools.
    const messages = await ann.messages(final.conversation.conversationId);
    const reply = messages.find((m) => m.messageId === final.responseMessage.messageId)!;
    expect(reply.plugins?.map((p: PluginState) => [p.pluginKey, p.loading, p.outputs])).toEqual([
      ['calculator', false, '42'],
      ['self reflection', false, 'The tools answered: "42".'],
    ]);
    expect(reply.plugin?.pluginKey).toBe('self reflection');
    const convo = (await (
      await ann.api(`/api/convos/${final.conversation.conversationId}`)
    ).json()) as Conversation;
    expect(convo.tools).toEqual([{ pluginKey: 'calculator' }]);
  });

  it('streams each turn’s words once, a paragraph apart, when the model talks before calling', async () => {
    h.fake.enqueue({
      reply: 'Let me calculate.',
      toolCalls: [{ name: 'calculator', arguments: '{"input":"2+3"}' }],
    });
    h.fake.enqueue({ reply: 'It is 5.' });
    const res = await ann.ask({ text: 'What is 2+3?', tools: ['calculator'] });
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe('Let me calculate.\n\nIt is 5.');
    expect(deltasOf(res.events).join('')).toBe(final.responseMessage.text);
    const second = chatRequests()[1]!.messages as { role: string; content: unknown }[];
    expect(second.at(-2)).toMatchObject({ role: 'assistant', content: 'Let me calculate.' });
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: '5' });
  });

  it('stops offering tools at the last of its 5 turns, and tells the model when a tool fails', async () => {
    const call = (input: string) => ({
      toolCalls: [{ name: 'calculator', arguments: JSON.stringify({ input }) }],
    });
    for (const input of ['1+', '2*2', '3*3', '4*4']) h.fake.enqueue(call(input));
    h.fake.enqueue({ reply: 'Done.' });
    const res = await ann.ask({ text: 'Keep calculating', tools: ['calculator'] });
    const reply = finalOf(res.events).responseMessage;
    expect(reply.text).toBe('Done.');
    const requests = chatRequests();
    expect(requests.map((r) => Array.isArray(r.tools))).toEqual([true, true, true, true, false]);
    const uses = reply.plugins!.filter((p) => p.pluginKey === 'calculator');
    expect(uses.map((p) => [p.error ?? false, p.outputs])).toEqual([
      [true, expect.stringMatching(/^Error: Cannot calculate "1\+"/)],
      [false, '4'],
      [false, '9'],
      [false, '16'],
    ]);
    const told = (requests[1]!.messages as { role: string; content: unknown }[]).at(-1);
    expect(told).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Error: /) });
  });

  it('takes tools as objects too; without skipCompletion the conversation model answers at 0.8', async () => {
    const res = await ann.ask({
      text: calling('datetime', { timeZone: 'Europe/Paris' }),
      tools: [{ pluginKey: 'datetime' }, 'calculator'],
      agentOptions: { skipCompletion: false },
    });
    const final = finalOf(res.events);
    const reply = (await ann.messages(final.conversation.conversationId)).find(
      (m) => m.messageId === final.responseMessage.messageId,
    )!;
    const used = reply.plugins!.find((p) => p.pluginKey === 'datetime')!;
    expect(used.outputs).toMatch(/Central European|GMT\+1|CET/);
    expect(used.outputs).toMatch(/ISO \d{4}-\d{2}-\d{2}T/);
    const requests = chatRequests();
    // Agent steps at temperature 0 with tools; the completion at the plugins default, without.
    expect(requests.map((r) => [r.temperature, Array.isArray(r.tools)])).toEqual([
      [0, true],
      [0, true],
      [0.8, false],
    ]);
    expect((requests[0]!.tools as unknown[]).length).toBe(2);
  });

  it('reads a web page through the SSRF guard, refusing a redirect inward and a page too large', async () => {
    const ok = await ann.ask({
      text: calling('web-browser', { url: `${pagesURL}/article` }),
      tools: ['web-browser'],
    });
    const page = finalOf(ok.events).responseMessage;
    expect(page.text).toContain('Otters hold hands while they sleep.');
    expect(page.text).toContain('Title: Otters & rivers');
    expect(page.text).not.toContain('steal()');

    const inward = await ann.ask({
      text: calling('web-browser', { url: `${pagesURL}/inward` }),
      tools: ['web-browser'],
    });
    const refused = finalOf(inward.events).responseMessage.plugins![0]!;
    expect(refused).toMatchObject({ error: true, loading: false });
    expect(refused.outputs).toMatch(/not allowed/);

    const huge = await ann.ask({
      text: calling('web-browser', { url: `${pagesURL}/huge` }),
      tools: ['web-browser'],
    });
    expect(finalOf(huge.events).responseMessage.plugins![0]!.outputs).toMatch(/larger than/);
  });

  it('generates an image through the endpoint’s Images API and adds it after the answer', async () => {
    const res = await ann.ask({ text: calling('dalle', { prompt: 'a red fox' }), tools: ['dalle'] });
    const reply = finalOf(res.events).responseMessage;
    expect(reply.text).toBe(
      `The tools answered: "The image was generated and is shown to the user below your answer.".\n\n` +
        `![a red fox](data:image/png;base64,${FAKE_PNG_BASE64})`,
    );
    const images = h.fake.requests.find((r) => r.path === '/v1/images/generations')!;
    expect(images.body).toMatchObject({ model: 'dall-e-3', prompt: 'a red fox', n: 1 });
    expect(images.headers.authorization).toBe('Bearer test');
    // The image never goes back to the model.
    expect(JSON.stringify(chatRequests())).not.toContain(FAKE_PNG_BASE64);
  });

  it('searches with the key from the plugin’s auth form; a user without it is refused before anything is saved', async () => {
    await install(ann, 'tavily_search_results_json', { TAVILY_API_KEY: TAVILY_KEY });
    const res = await ann.ask({
      text: calling('tavily_search_results_json', { query: 'otters' }),
      tools: ['tavily_search_results_json'],
    });
    const reply = finalOf(res.events).responseMessage;
    const [first] = tavilyResults('otters', 5);
    expect(reply.plugins![0]!.outputs).toContain(first!.title);
    expect(reply.plugins![0]!.outputs).toContain(first!.url);
    expect(tavily.requests[0]!.headers.authorization).toBe(`Bearer ${TAVILY_KEY}`);

    const refused = await ben.ask({ text: 'search', tools: ['tavily_search_results_json'] });
    expect(refused.status).toBe(400);
    expect((refused.json as ApiErrorBody).code).toBe('validation_error');
    expect(tavily.requests).toHaveLength(1);
    expect(chatRequests().length).toBe(2); // Ann's two steps only
  });

  it('gives a client that joins mid-reply the display states so far', async () => {
    let conversationId = '';
    let joined: SseEvent[] = [];
    const done = ann.ask(
      { text: `${calling('calculator', { input: '2^10' })} [[fake tps=5]]`, tools: ['calculator'] },
      {
        onEvent: async (e) => {
          if (isCreatedEvent(e.data)) conversationId = e.data.conversationId;
          // Once the tool has answered, another client joins without a Last-Event-ID.
          if (isPluginsEvent(e.data) && e.data.plugin?.pluginKey === 'self reflection' && !joined.length) {
            joined = (await ann.resume(conversationId, { stopAfter: 1 })).events;
          }
        },
      },
    );
    await done;
    const snapshot = joined[0]!.data;
    expect(isResumedEvent(snapshot)).toBe(true);
    const plugins = isResumedEvent(snapshot) ? snapshot.responseMessage.plugins : undefined;
    expect(plugins?.[0]).toMatchObject({ pluginKey: 'calculator', loading: false, outputs: '1024' });
  });

  it('a stop while a plugin runs ends the call at once and saves the reply with its states', async () => {
    let conversationId = '';
    let stopped: Response | undefined;
    const started = Date.now();
    const res = await ann.ask(
      { text: calling('web-browser', { url: `${pagesURL}/hang` }), tools: ['web-browser'] },
      {
        onEvent: async (e) => {
          if (isCreatedEvent(e.data)) conversationId = e.data.conversationId;
          if (isPluginsEvent(e.data) && e.data.plugin?.loading && !stopped) {
            stopped = await ann.api('/api/ask/gptPlugins/abort', {
              method: 'POST',
              body: { abortKey: conversationId },
            });
          }
        },
      },
    );
    expect(stopped?.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000); // not the reader's 10 s deadline
    const saved = (await ann.messages(conversationId)).find((m) => !m.isCreatedByUser)!;
    expect(saved.unfinished).toBe(true);
    expect(saved.plugins).toEqual([expect.objectContaining({ pluginKey: 'web-browser', loading: false })]);
    expect(res.status).toBe(200);
  });

  it('refuses an unknown plugin; runs no agent without tools', async () => {
    const unknown = await ann.ask({ text: 'hi', tools: ['nope'] });
    expect(unknown.status).toBe(400);
    const plain = await ann.ask({ text: 'Just chat' });
    expect(finalOf(plain.events).responseMessage.plugins).toBeUndefined();
    expect(chatRequests()[0]!.tools).toBeUndefined();
    expect(chatRequests()[0]!.temperature).toBe(0.8);
  });
});
