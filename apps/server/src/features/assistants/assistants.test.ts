import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ASSISTANT_LIMITS,
  isPluginsEvent,
  NO_PARENT,
  type ApiErrorBody,
  type Assistant,
  type AssistantList,
  type Conversation,
  type EndpointsConfig,
  type ModelsConfig,
} from '@chat/contract';
import { eq } from 'drizzle-orm';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import { assistants, violations } from '../../db/schema.js';
import { chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { createdOf, deltasOf, finalOf, postSse, type SseEvent } from '../../../test/support/sse-client.js';

let h: ChatHarness;
type User = Awaited<ReturnType<typeof chatUser>>;
let ann: User;
let ben: User;

beforeAll(async () => {
  // The openAI endpoint (on the fake) offers assistant models and two the assistants list leaves out.
  const fake = await startFakeOpenAI();
  const models = ['gpt-4o-mini', 'gpt-3.5-turbo-1106', 'gpt-4-vision-preview', 'fake-echo'];
  const app = await startTestApp({ endpoints: [{ ...fakeEndpoint(fake), models }] });
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
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => h.fake.reset());

const create = (user: User, body: Record<string, unknown>) => user.api('/api/assistants', { body });
const patch = (user: User, id: string, body: Record<string, unknown>) =>
  user.api(`/api/assistants/${id}`, { method: 'PATCH', body });
async function created(user: User, body: Record<string, unknown>): Promise<Assistant> {
  const res = await create(user, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Assistant;
}
const errorOf = async (res: Response) => {
  expect(res.status).toBe(400);
  return (await res.json()) as ApiErrorBody;
};
const install = (user: User, pluginKey: string, action = 'install') =>
  user.api('/api/user/plugins', { body: { pluginKey, action, auth: null } });

const chat = (user: User, body: Record<string, unknown>, modify = false) =>
  postSse(`${h.url}/api/assistants/chat${modify ? '/modify' : ''}`, user.user.token, {
    text: 'Hello',
    conversationId: null,
    parentMessageId: NO_PARENT,
    ...body,
  });

/** A directive making the fake model call `tool` with `args` first, then answer with the results. */
const calling = (tool: string, args: unknown) =>
  `Please help [[fake tool=${tool} args="${JSON.stringify(args).replace(/"/g, '\\"')}"]]`;

const isTitle = (body: { messages?: { role: string; content: unknown }[] }) =>
  body.messages?.some((m) => m.role === 'system' && String(m.content).includes('title')) === true;
const chatRequests = () =>
  h.fake.requests
    .filter((r) => r.path === '/v1/chat/completions' && !isTitle(r.body as { messages?: [] }))
    .map((r) => r.body as { model: string; messages: { role: string; content: unknown }[]; tools?: unknown });

describe('assistants CRUD', () => {
  it('creates with the spec defaults and takes each limit exactly', async () => {
    const a = await created(ann, {
      name: 'n'.repeat(ASSISTANT_LIMITS.nameMaxChars),
      description: 'd'.repeat(ASSISTANT_LIMITS.descriptionMaxChars),
      instructions: 'i'.repeat(ASSISTANT_LIMITS.instructionsMaxChars),
    });
    expect(a).toMatchObject({
      object: 'assistant',
      model: 'gpt-3.5-turbo-1106',
      tools: [],
      file_ids: [],
      metadata: {},
    });
    expect(a.id).toMatch(/^asst_[A-Za-z0-9]{24}$/);
    expect(Math.abs(a.created_at - Date.now() / 1000)).toBeLessThan(60);
    expect(a.name).toHaveLength(256);
    expect(a.description).toHaveLength(512);
    expect(a.instructions).toHaveLength(32768);
    expect(await (await ann.api(`/api/assistants/${a.id}`)).json()).toEqual(a);
  });

  it.each([
    ['name', ASSISTANT_LIMITS.nameMaxChars],
    ['description', ASSISTANT_LIMITS.descriptionMaxChars],
    ['instructions', ASSISTANT_LIMITS.instructionsMaxChars],
  ])('refuses a %s one character over %i, on create and on update', async (field, max) => {
    const over = { [field]: 'x'.repeat(max + 1) };
    const body = await errorOf(await create(ann, over));
    expect(body.code).toBe('validation_error');
    expect(body.issues?.map((i) => i.path)).toEqual([field]);

    const a = await created(ann, { name: 'Within' });
    expect((await errorOf(await patch(ann, a.id, over))).issues?.map((i) => i.path)).toEqual([field]);
    expect(((await (await ann.api(`/api/assistants/${a.id}`)).json()) as Assistant).name).toBe('Within');
  });

  it('updates only the fields sent, and deletes in OpenAI’s shape', async () => {
    const a = await created(ann, { name: 'Tutor', description: 'Helps', instructions: 'Be kind.' });
    const res = await patch(ann, a.id, { description: 'Helps with math', model: 'gpt-4o-mini' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...a, description: 'Helps with math', model: 'gpt-4o-mini' });

    const cleared = (await (await patch(ann, a.id, { instructions: null })).json()) as Assistant;
    expect(cleared).toMatchObject({ name: 'Tutor', instructions: null });

    const del = await ann.api(`/api/assistants/${a.id}`, { method: 'DELETE' });
    expect(await del.json()).toEqual({ id: a.id, object: 'assistant.deleted', deleted: true });
    expect((await ann.api(`/api/assistants/${a.id}`)).status).toBe(404);
    expect((await ann.api(`/api/assistants/${a.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a model no endpoint here runs, on create and on update, and keeps the assistant as it was', async () => {
    const message = 'No endpoint here runs gpt-4-unheard-of: choose one of the assistant models';
    const refused = await errorOf(await create(ann, { name: 'Far', model: 'gpt-4-unheard-of' }));
    expect(refused).toMatchObject({
      code: 'validation_error',
      message,
      issues: [{ path: 'model', message }],
    });
    const list = (await (await ann.api('/api/assistants?limit=100')).json()) as AssistantList;
    expect(list.data.map((a) => a.name)).not.toContain('Far');

    const a = await created(ann, { name: 'Near', model: 'gpt-4o-mini' });
    const res = await patch(ann, a.id, { model: 'gpt-4-unheard-of', name: 'Renamed' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'validation_error', message });
    expect(await (await ann.api(`/api/assistants/${a.id}`)).json()).toEqual(a);
    // A model the endpoints run but the assistants list leaves out (no gpt-4/3.5) is theirs to run.
    expect((await patch(ann, a.id, { model: 'fake-echo' })).status).toBe(200);
  });

  it("keeps each assistant its owner's: another user gets 404 and lists none of them", async () => {
    const a = await created(ann, { name: 'Private helper' });
    expect((await ben.api(`/api/assistants/${a.id}`)).status).toBe(404);
    expect((await patch(ben, a.id, { name: 'Taken' })).status).toBe(404);
    expect((await ben.api(`/api/assistants/${a.id}`, { method: 'DELETE' })).status).toBe(404);
    const chatted = await chat(ben, { assistant_id: a.id });
    expect(chatted.status).toBe(404);
    const list = (await (await ben.api('/api/assistants?limit=100')).json()) as AssistantList;
    expect(list.data.map((x) => x.id)).not.toContain(a.id);
    expect(((await (await ann.api(`/api/assistants/${a.id}`)).json()) as Assistant).name).toBe(
      'Private helper',
    );
  });
});

describe('assistant tools: only what really runs here', () => {
  it('refuses code_interpreter (the code interpreter off here), retrieval, a bare function and a function that is no plugin, with reasons', async () => {
    const body = await errorOf(
      await create(ann, {
        tools: [
          'code_interpreter',
          { type: 'retrieval' },
          'function',
          { type: 'function', function: { name: 'run_sql' } },
        ],
      }),
    );
    expect(body.issues).toEqual([
      { path: 'tools.0', message: expect.stringContaining('the code interpreter is turned off') },
      { path: 'tools.1', message: expect.stringContaining('keeps no files') },
      { path: 'tools.2', message: expect.stringContaining('must name its function') },
      { path: 'tools.3', message: expect.stringContaining('Function run_sql cannot run on this server') },
    ]);
    expect(body.message).toContain('CODE_INTERPRETER_ENABLED');
  });

  it('takes an installed plugin as a function, with the plugin’s parameters', async () => {
    const tool = { type: 'function', function: { name: 'datetime' } };
    const refused = await errorOf(await create(ben, { tools: [tool] }));
    expect(refused.issues).toEqual([
      { path: 'tools.0', message: 'Function datetime is a plugin you have not installed: install it first' },
    ]);

    expect((await install(ben, 'datetime')).status).toBe(200);
    const a = await created(ben, { tools: [tool] });
    expect(a.tools).toEqual([
      {
        type: 'function',
        function: { name: 'datetime', description: expect.any(String), parameters: expect.any(Object) },
      },
    ]);
    const twice = await errorOf(await patch(ben, a.id, { tools: [tool, tool] }));
    expect(twice.issues).toEqual([{ path: 'tools.1', message: 'Function datetime is listed twice' }]);
  });
});

describe('GET /api/assistants: ascending, OpenAI’s paging', () => {
  it('lists oldest first by default and pages with after / before', async () => {
    const cara = await chatUser(h, 'Cara');
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await created(cara, { name })).id);
    const list = async (q: string) => {
      const res = await cara.api(`/api/assistants${q}`);
      expect(res.status).toBe(200);
      return (await res.json()) as AssistantList;
    };
    const all = await list('');
    expect(all).toMatchObject({ object: 'list', first_id: ids[0], last_id: ids[2], has_more: false });
    expect(all.data.map((a) => a.name)).toEqual(['One', 'Two', 'Three']);

    const first = await list('?limit=2');
    expect(first.data.map((a) => a.id)).toEqual(ids.slice(0, 2));
    expect(first.has_more).toBe(true);
    const next = await list(`?limit=2&after=${first.last_id}`);
    expect(next.data.map((a) => a.id)).toEqual([ids[2]]);
    expect(next.has_more).toBe(false);
    expect((await list(`?before=${ids[2]}`)).data.map((a) => a.id)).toEqual(ids.slice(0, 2));
    // `before` alone answers the page nearest the cursor, in the list's order.
    const previous = await list(`?limit=1&before=${ids[2]}`);
    expect(previous.data.map((a) => a.id)).toEqual([ids[1]]);
    expect(previous.has_more).toBe(true);
    expect((await list(`?after=${ids[0]}&before=${ids[2]}`)).data.map((a) => a.id)).toEqual([ids[1]]);
    expect((await list('?order=desc')).data.map((a) => a.id)).toEqual([...ids].reverse());
    expect((await list(`?order=desc&after=${ids[2]}`)).data.map((a) => a.id)).toEqual([ids[1], ids[0]]);

    expect((await cara.api('/api/assistants?limit=0')).status).toBe(400);
    expect((await cara.api('/api/assistants?limit=101')).status).toBe(400);
    // A cursor naming someone else's assistant is no cursor of this list.
    const other = await created(ann, { name: 'Ann’s' });
    expect((await cara.api(`/api/assistants?after=${other.id}`)).status).toBe(400);
  });
});

describe('the assistant endpoint', () => {
  it('is listed with the spec’s models (gpt-4 / gpt-3.5, no vision or instruct, default first)', async () => {
    const endpoints = (await (await ann.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.assistant).toMatchObject({ type: 'assistant', userProvide: false });
    const models = (await (await ann.api('/api/models')).json()) as ModelsConfig;
    expect(models.assistant).toEqual(['gpt-3.5-turbo-1106', 'gpt-4o-mini']);
  });

  it('is not listed when no endpoint can run an assistant', async () => {
    const other = await startTestApp({ endpoints: [{ ...fakeEndpoint(h.fake), models: ['fake-echo'] }] });
    try {
      const user = await chatUser(other, 'Dee');
      const endpoints = (await (await user.api('/api/endpoints')).json()) as EndpointsConfig;
      // Agents run on any model of an endpoint that calls tools: they stay.
      expect(Object.keys(endpoints)).toEqual(['openAI', 'agents']);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/assistants/chat', () => {
  const states = (events: SseEvent[]) =>
    events.flatMap((e) => (isPluginsEvent(e.data) ? [e.data.plugins] : []));

  it('runs the assistant: its instructions, its model, its function tool (the calculator plugin)', async () => {
    expect((await install(ann, 'calculator')).status).toBe(200);
    const tutor = await created(ann, {
      name: 'Math tutor',
      instructions: 'You are a patient math tutor.',
      model: 'gpt-4o-mini',
      tools: [{ type: 'function', function: { name: 'calculator' } }],
    });

    const res = await chat(ann, { assistant_id: tutor.id, text: calling('calculator', { input: '6*7' }) });
    expect(res.status).toBe(200);
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe('The tools answered: "42".');
    expect(deltasOf(res.events).join('')).toBe(final.responseMessage.text);
    expect(final.responseMessage).toMatchObject({
      sender: 'Math tutor',
      endpoint: 'assistant',
      model: 'gpt-4o-mini',
    });

    // The display states: Using Calculator... then Used Calculator with its output.
    const seen = states(res.events);
    expect(seen[0]).toEqual([
      {
        pluginKey: 'calculator',
        latest: 'Calculator',
        loading: true,
        inputs: [{ inputStr: '{"input":"6*7"}' }],
        outputs: null,
      },
    ]);
    expect(seen).toContainEqual([
      {
        pluginKey: 'calculator',
        latest: 'Calculator',
        loading: false,
        inputs: [{ inputStr: '{"input":"6*7"}' }],
        outputs: '42',
      },
    ]);

    // Upstream: the assistant's model, its instructions as the system prompt, the plugin as a tool.
    const [first, second] = chatRequests();
    expect(first!.model).toBe('gpt-4o-mini');
    expect(first!.messages[0]).toEqual({ role: 'system', content: 'You are a patient math tutor.' });
    expect(first!.tools).toEqual([
      expect.objectContaining({
        type: 'function',
        function: expect.objectContaining({ name: 'calculator' }),
      }),
    ]);
    expect(second!.messages.at(-1)).toMatchObject({ role: 'tool', content: '42' });

    // The conversation is the assistant's, with its thread; the instructions are not saved on it.
    const convo = final.conversation;
    expect(convo).toMatchObject({ endpoint: 'assistant', assistant_id: tutor.id, model: 'gpt-4o-mini' });
    expect(convo.thread_id).toMatch(/^thread_[A-Za-z0-9]{24}$/);
    expect(convo.promptPrefix).toBeUndefined();
    const stored = (await (await ann.api(`/api/convos/${convo.conversationId}`)).json()) as Conversation;
    expect(stored).toMatchObject({
      endpoint: 'assistant',
      assistant_id: tutor.id,
      thread_id: convo.thread_id,
    });
    const reply = (await ann.messages(convo.conversationId)).find(
      (m) => m.messageId === final.responseMessage.messageId,
    );
    expect(reply?.plugins?.[0]).toMatchObject({ pluginKey: 'calculator', outputs: '42', loading: false });

    // The next turn, and a regeneration on the modify path, stay on the same thread.
    h.fake.reset();
    const again = await chat(ann, {
      assistant_id: tutor.id,
      text: 'Thanks [[fake reply="You are welcome"]]',
      conversationId: convo.conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    const second2 = finalOf(again.events);
    expect(second2.responseMessage.text).toBe('You are welcome');
    expect(second2.conversation.thread_id).toBe(convo.thread_id);
    const regenerated = await chat(
      ann,
      {
        assistant_id: tutor.id,
        text: 'Thanks [[fake reply="Again welcome"]]',
        conversationId: convo.conversationId,
        parentMessageId: second2.requestMessage.messageId,
        isRegenerate: true,
      },
      true,
    );
    const third = finalOf(regenerated.events);
    expect(third.responseMessage.parentMessageId).toBe(second2.requestMessage.messageId);
    expect(third.conversation).toMatchObject({ assistant_id: tutor.id, thread_id: convo.thread_id });
  });

  it('refuses a plugin uninstalled since, and a model no endpoint runs, before anything is saved', async () => {
    const dee = await chatUser(h, 'Dee');
    await install(dee, 'calculator');
    const calc = await created(dee, {
      tools: [{ type: 'function', function: { name: 'calculator' } }],
      model: 'gpt-4o-mini',
    });
    await install(dee, 'calculator', 'uninstall');
    const gone = await chat(dee, { assistant_id: calc.id });
    expect(gone.status).toBe(400);
    expect((gone.json as ApiErrorBody).message).toBe(
      'This assistant uses plugins you have not installed: calculator',
    );

    // An assistant whose model no endpoint runs any more (the configuration changed since it was
    // made: create and update refuse such a model, below).
    const far = await created(dee, { model: 'gpt-4o-mini' });
    await h.database.db
      .update(assistants)
      .set({ model: 'gpt-4-unheard-of' })
      .where(eq(assistants.id, far.id));
    const res = await chat(dee, { assistant_id: far.id });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'unknown_model',
      message:
        'No endpoint here runs gpt-4-unheard-of, the model of this assistant: choose another model for it',
    });
    expect(chatRequests()).toEqual([]);
    const convos = (await (await dee.api('/api/convos?pageNumber=1')).json()) as { conversations: unknown[] };
    expect(convos.conversations).toEqual([]);
    // The model is the assistant's, stored here: no illegal-model violation of the user's.
    expect(
      await h.database.db.select().from(violations).where(eq(violations.userId, dee.user.user.id)),
    ).toEqual([]);
  });

  it('stops like any reply: /api/ask/assistant/abort with the conversation id keeps the text so far', async () => {
    const plain = await created(ann, { name: 'Talker', model: 'gpt-4o-mini' });
    const running = await postSse(
      `${h.url}/api/assistants/chat`,
      ann.user.token,
      {
        assistant_id: plain.id,
        text: 'Talk [[fake reply="a b c d" hangAfter=2]]',
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
      { stopAfter: 2 },
    );
    const created0 = createdOf(running.events[0]!);
    expect(created0).toBeDefined();
    const stop = await ann.api('/api/ask/assistant/abort', { body: { abortKey: created0!.conversationId } });
    expect(stop.status).toBe(200);
    const saved = (await stop.json()) as { responseMessage: { text: string; endpoint: string } };
    expect(saved.responseMessage.endpoint).toBe('assistant');
    expect(saved.responseMessage.text.length).toBeGreaterThan(0);
    expect('a b c d'.startsWith(saved.responseMessage.text)).toBe(true);
  });

  it('an ordinary ask cannot set assistant_id or thread_id', async () => {
    const res = await ann.ask({
      text: 'Hi [[fake reply="Hi"]]',
      assistant_id: 'asst_forged',
      thread_id: 'thread_forged',
    });
    const convo = finalOf(res.events).conversation;
    expect(convo.endpoint).toBe('openAI');
    expect(convo.assistant_id).toBeUndefined();
    expect(convo.thread_id).toBeUndefined();
  });
});
