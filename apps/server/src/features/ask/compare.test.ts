import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concurrentLimitText,
  messageLimitText,
  isErrorEvent,
  isResumedEvent,
  type AbortResponse,
  type CreatedEvent,
  type ResumedEvent,
} from '@chat/contract';
import type { EndpointDefinition } from '../../config/app-config.js';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  byokEndpoint,
  chatUser,
  fakeEndpoint,
  waitFor,
  type ChatHarness,
} from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { createdOf, finalOf, getSse, type SseEvent } from '../../../test/support/sse-client.js';
import { MODERATION_OFF } from '../moderation/index.js';

let h: ChatHarness;
type ChatUser = Awaited<ReturnType<typeof chatUser>>;

/** A second endpoint (another name, another model) on the same fake upstream. */
function mistralEndpoint(url: string): EndpointDefinition {
  return {
    name: 'Mistral',
    type: 'custom',
    apiKey: 'test',
    baseURL: url,
    models: ['mistral-small'],
    titleModel: undefined,
    label: undefined,
    userProvide: false,
    isDemo: false,
  };
}

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  const app = await startTestApp({
    titleConvo: false,
    endpoints: [fakeEndpoint(fake), byokEndpoint(fake), mistralEndpoint(fake.url)],
    moderation: { ...MODERATION_OFF, concurrent: { enabled: true, max: 2 } },
  });
  h = { ...app, fake };
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

const MISTRAL = { endpoint: 'Mistral', model: 'mistral-small' };

function resumeAdded(u: ChatUser, conversationId: string) {
  return getSse(`${h.url}/api/ask/stream/${conversationId}?index=1`, u.user.token, {});
}

/** Starts a send (compared, unless `alone`) that streams slowly; resolves once its created event came. */
async function startSlow(u: ChatUser, directive = 'tps=8', alone = false) {
  let created: CreatedEvent | undefined;
  const streaming = u.ask(
    {
      text: `Compare [[fake reply="one two three four five six seven eight nine ten" ${directive}]]`,
      ...(alone ? {} : { addedConvo: MISTRAL }),
    },
    { onEvent: (e: SseEvent) => void (created ??= createdOf(e)) },
  );
  await waitFor(() => created !== undefined);
  return { created: created!, streaming };
}

describe('compare: a second model answers the same message (addedConvo)', () => {
  it('streams both replies and saves them as siblings under the one user message', async () => {
    const u = await chatUser(h, 'Both');
    const { created, streaming } = await startSlow(u, 'tps=40');
    expect(created.addedConvo?.responseMessageId).toBeDefined();
    const added = await resumeAdded(u, created.conversationId);
    const first = await streaming;
    expect(finalOf(first.events).responseMessage).toMatchObject({ model: 'gpt-4o-mini', unfinished: false });
    const second = finalOf(added.events);
    expect(second.responseMessage).toMatchObject({
      messageId: created.addedConvo?.responseMessageId,
      model: 'mistral-small',
      endpoint: 'Mistral',
      parentMessageId: created.message.messageId,
    });

    const saved = await u.messages(created.conversationId);
    const replies = saved.filter((m) => !m.isCreatedByUser);
    expect(saved.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    expect(replies.map((m) => m.parentMessageId)).toEqual([
      created.message.messageId,
      created.message.messageId,
    ]);
    expect(replies.map((m) => m.model).sort()).toEqual(['gpt-4o-mini', 'mistral-small']);
    // The first model's reply is the newest sibling: the branch shown, and the one a next send follows.
    const byModel = new Map(replies.map((m) => [m.model, Date.parse(m.createdAt)]));
    expect(byModel.get('mistral-small')!).toBeLessThan(byModel.get('gpt-4o-mini')!);
    expect(byModel.get('mistral-small')!).toBeGreaterThanOrEqual(Date.parse(saved[0]!.createdAt));
    expect(replies.every((m) => m.text === 'one two three four five six seven eight nine ten')).toBe(true);
    // The conversation keeps the first model's settings, and one title.
    const convo = (await (await u.api(`/api/convos/${created.conversationId}`)).json()) as {
      endpoint: string;
      model: string;
      title: string;
    };
    expect(convo).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(convo.title).toContain('Compare');
    // Both upstream calls went out, one per model.
    const models = h.fake.requests
      .map((r) => (r.body as { model?: string } | undefined)?.model)
      .filter((m) => m === 'gpt-4o-mini' || m === 'mistral-small');
    expect(models).toEqual(expect.arrayContaining(['gpt-4o-mini', 'mistral-small']));
  });

  it('resumes both after the connection dropped (index 1 is the second model)', async () => {
    const u = await chatUser(h, 'Resume');
    const r = await u.ask(
      { text: 'Compare [[fake reply="a b c d e f g h i j k l" tps=10]]', addedConvo: MISTRAL },
      { stopAfter: 2 },
    );
    const created = createdOf(r.events[0]!)!;
    const [main, added] = await Promise.all([
      u.resume(created.conversationId),
      resumeAdded(u, created.conversationId),
    ]);
    for (const [res, id] of [
      [main, created.responseMessageId],
      [added, created.addedConvo?.responseMessageId],
    ] as const) {
      expect(res.status).toBe(200);
      const first = res.events[0]!.data;
      expect(isResumedEvent(first)).toBe(true);
      expect((first as ResumedEvent).responseMessage.messageId).toBe(id);
      expect(finalOf(res.events).responseMessage.text).toBe('a b c d e f g h i j k l');
    }
    // Once both ended, neither is running: the first reply's route says so with a 404, the second's
    // (joined straight after a send, often after a short reply ended) with an empty 204.
    expect((await u.resume(created.conversationId)).status).toBe(404);
    const ended = await resumeAdded(u, created.conversationId);
    expect(ended.status).toBe(204);
    expect(ended.events).toEqual([]);
  });

  it('stop stops both replies and saves what each streamed', async () => {
    const u = await chatUser(h, 'Stop');
    const { created, streaming } = await startSlow(u, 'tps=2');
    const added = resumeAdded(u, created.conversationId);
    await waitFor(async () => {
      const saved = await u.messages(created.conversationId);
      return saved.filter((m) => !m.isCreatedByUser && m.text !== '').length === 2;
    }, 10_000);
    const res = await u.api('/api/ask/openAI/abort', { body: { abortKey: created.conversationId } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AbortResponse).responseMessage.messageId).toBe(created.responseMessageId);
    await Promise.all([streaming, added]);
    const replies = (await u.messages(created.conversationId)).filter((m) => !m.isCreatedByUser);
    expect(replies).toHaveLength(2);
    for (const m of replies) {
      expect(m).toMatchObject({ unfinished: true, finish_reason: 'abort' });
      expect(m.text.length).toBeGreaterThan(0);
      expect(m.text.length).toBeLessThan('one two three four five six seven eight nine ten'.length);
    }
  }, 20_000);

  it('a gate refusing the second reply leaves the first answered (the normal error, nothing saved for it)', async () => {
    const u = await chatUser(h, 'Gate');
    // One of the two slots taken by a reply elsewhere: the first reply takes the other.
    const other = await startSlow(u, 'hang', true);
    const res = await u.ask({ text: 'Compare this', addedConvo: MISTRAL });
    expect(res.status).toBe(200);
    const created = createdOf(res.events[0]!)!;
    expect(created.addedConvo).toEqual({ code: 'concurrent', message: concurrentLimitText(2) });
    expect(finalOf(res.events).responseMessage.unfinished).toBe(false);
    const saved = await u.messages(created.conversationId);
    expect(saved).toHaveLength(2);
    await u.api('/api/ask/openAI/abort', { body: { abortKey: other.created.conversationId } });
    await other.streaming;
  });

  it('refuses an endpoint or model the user may not use for the second reply, as for the first', async () => {
    const u = await chatUser(h, 'Authz');
    const noKey = await u.ask({ text: 'Hi', addedConvo: { endpoint: 'byok', model: 'gpt-4o-mini' } });
    expect(createdOf(noKey.events[0]!)!.addedConvo?.code).toBe('no_user_key');
    const unknown = await u.ask({ text: 'Hi', addedConvo: { endpoint: 'Mistral', model: 'gpt-5-secret' } });
    expect(createdOf(unknown.events[0]!)!.addedConvo?.code).toBe('unknown_model');
    const missing = await u.ask({ text: 'Hi', addedConvo: { endpoint: 'nowhere', model: 'x' } });
    expect(createdOf(missing.events[0]!)!.addedConvo?.code).toBeDefined();
    for (const r of [noKey, unknown, missing]) {
      expect(r.events.some((e) => isErrorEvent(e.data))).toBe(false);
      expect(finalOf(r.events).responseMessage.unfinished).toBe(false);
    }
  });
});

describe('compare under the message limit', () => {
  let limited: ChatHarness;
  let limitedFake: FakeOpenAIServer;
  beforeAll(async () => {
    limitedFake = await startFakeOpenAI();
    const app = await startTestApp({
      titleConvo: false,
      endpoints: [fakeEndpoint(limitedFake), mistralEndpoint(limitedFake.url)],
      moderation: { ...MODERATION_OFF, messageUser: { enabled: true, max: 3, windowMs: 60_000 } },
    });
    limited = { ...app, fake: limitedFake };
  });
  afterAll(async () => {
    await limited.close();
    await limitedFake.close();
  });

  it('counts each reply as a message: past the limit the second is refused, the first still answered', async () => {
    const u = await chatUser(limited, 'Limited');
    const first = await u.ask({ text: 'One', addedConvo: MISTRAL });
    expect(createdOf(first.events[0]!)!.addedConvo?.responseMessageId).toBeDefined();
    const second = await u.ask({ text: 'Two', addedConvo: MISTRAL });
    expect(second.status).toBe(200);
    expect(createdOf(second.events[0]!)!.addedConvo).toEqual({
      code: 'message_limit',
      message: messageLimitText(3, 1),
    });
    expect(finalOf(second.events).responseMessage.unfinished).toBe(false);
    // The window is spent: the next send is refused as a whole.
    expect((await u.ask({ text: 'Three' })).status).toBe(429);
  });
});
