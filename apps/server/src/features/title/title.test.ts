import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TITLE,
  titleFromText,
  type Conversation,
  type ErrorEvent,
  type FinalEvent,
} from '@chat/contract';
import {
  chatUser,
  fakeEndpoint,
  startChatApp,
  type ChatHarness,
} from '../../../test/support/chat-harness.js';
import { createProviderRegistry } from '../../providers/registry.js';
import { createConvosRepo } from '../convos/index.js';
import { cleanTitle, createTitleService } from './service.js';

type User = Awaited<ReturnType<typeof chatUser>>;

async function titleOf(user: User, conversationId: string): Promise<string> {
  const res = await user.api(`/api/convos/${conversationId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Conversation).title;
}

async function genTitle(user: User, conversationId: string): Promise<{ status: number; title?: string }> {
  const res = await user.api('/api/convos/gen_title', { body: { conversationId } });
  const body = (await res.json()) as { title?: string };
  return { status: res.status, title: body.title };
}

describe('cleanTitle', () => {
  it('keeps every word and the punctuation that carries meaning', () => {
    expect(cleanTitle('What is the capital of France?')).toBe('What is the capital of France?');
    expect(cleanTitle('"Hello, world!"')).toBe('Hello, world!');
    expect(cleanTitle('Title: Baking sourdough bread at home.')).toBe('Baking sourdough bread at home');
    expect(cleanTitle('  Rust vs. Go:  \nsecond line')).toBe('Rust vs. Go');
  });
});

describe('titles of new conversations (fake upstream, over HTTP)', () => {
  let h: ChatHarness;
  let alice: User;
  beforeAll(async () => {
    // The fake takes 300 ms to write a title, as a real model takes a moment.
    h = await startChatApp({}, {}, { titleDelayMs: 300 });
    alice = await chatUser(h, 'Alice');
  });
  afterAll(() => h.close());

  it('gen_title right after the final event answers the title as soon as it is written', async () => {
    const r = await alice.ask({ text: 'What is the capital of France? [[fake reply="Paris."]]' });
    const final = r.events.at(-1)!.data as FinalEvent;
    expect(final.final).toBe(true);
    const started = Date.now();
    const got = await genTitle(alice, final.conversation.conversationId);
    expect(got).toEqual({ status: 200, title: 'What is the capital of France?' });
    expect(Date.now() - started).toBeLessThan(5000); // not the title timeout (10 s)
    expect(await titleOf(alice, final.conversation.conversationId)).toBe('What is the capital of France?');
  });

  it('a first reply that failed titles the conversation with the first message', async () => {
    const text = 'Why do emperor penguins huddle together in the long polar winter? [[fake status=500]]';
    const r = await alice.ask({ text });
    const last = r.events.at(-1)!.data as ErrorEvent;
    expect(last.error).toBe(true);
    // The error event already carries it, so the sidebar shows it at once.
    expect(last.conversation?.title).toBe(titleFromText(text));
    expect(titleFromText(text)).toMatch(/^Why do emperor penguins huddle .*…$/);
    const id = last.conversation!.conversationId;
    expect(await titleOf(alice, id)).toBe(titleFromText(text));
    expect(await genTitle(alice, id)).toEqual({ status: 200, title: titleFromText(text) });
  });

  it('a conversation renamed while its first reply runs keeps the name it was given', async () => {
    let renamed = false;
    const r = await alice.ask(
      { text: 'Slow one [[fake tps=50]]' },
      {
        onEvent: async (e) => {
          if (renamed || !('created' in e.data)) return;
          renamed = true;
          const res = await alice.api('/api/convos/update', {
            body: { arg: { conversationId: e.data.conversationId, title: 'Mine' } },
          });
          expect(res.status).toBe(200);
        },
      },
    );
    const final = r.events.at(-1)!.data as FinalEvent;
    expect(await genTitle(alice, final.conversation.conversationId)).toEqual({ status: 200, title: 'Mine' });
  });
});

describe('title fallbacks', () => {
  it('with TITLE_CONVO off, the first message is the title', async () => {
    const h = await startChatApp({ titleConvo: false });
    try {
      const bob = await chatUser(h, 'Bob');
      const r = await bob.ask({ text: 'Plan a weekend in Lisbon\nwith kids [[fake reply="Sure"]]' });
      const final = r.events.at(-1)!.data as FinalEvent;
      expect(final.conversation.title).toBe('Plan a weekend in Lisbon');
      expect(h.fake.requests.filter((q) => JSON.stringify(q.body).includes('title'))).toHaveLength(0);
    } finally {
      await h.close();
    }
  });

  it('when the title request fails, the first message is the title', async () => {
    const h = await startChatApp();
    try {
      const carol = await chatUser(h, 'Carol');
      const r = await carol.ask({ text: 'Tell me about tides [[fake reply="Sure"]]' });
      const final = r.events.at(-1)!.data as FinalEvent;
      await h.app.lifecycle.drain();
      const convos = createConvosRepo(h.database.db);
      const id = crypto.randomUUID();
      await convos.insert({
        conversationId: id,
        userId: carol.user.user.id,
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        options: {},
        createdAt: new Date(),
      });
      // An upstream that refuses connections (nothing listens on port 9).
      const down = { ...fakeEndpoint(h.fake), baseURL: 'http://127.0.0.1:9/v1' };
      const titles = createTitleService({
        providers: createProviderRegistry(() => [down]),
        convos,
        log: h.app.log,
      });
      const title = await titles.generate({
        userId: carol.user.user.id,
        conversationId: id,
        endpointName: 'openAI',
        model: 'gpt-4o-mini',
        userText: 'How high do spring tides rise?',
        replyText: 'Quite high.',
      });
      expect(title).toBe('How high do spring tides rise?');
      expect(await titleOf(carol, id)).toBe('How high do spring tides rise?');
      expect(final.conversation.title).toBe(DEFAULT_TITLE); // titled after its final event
    } finally {
      await h.close();
    }
  });
});

describe('titleMethod: functions', () => {
  it('asks for the title as a forced call of submit_title and takes its argument', async () => {
    const h = await startChatApp();
    try {
      const dave = await chatUser(h, 'Dave');
      await dave.ask({ text: 'Warm up [[fake reply="ok"]]' });
      await h.app.lifecycle.drain();
      const convos = createConvosRepo(h.database.db);
      const id = crypto.randomUUID();
      await convos.insert({
        conversationId: id,
        userId: dave.user.user.id,
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        options: {},
        createdAt: new Date(),
      });
      const byFunction = { ...fakeEndpoint(h.fake), titleMethod: 'functions' as const };
      const titles = createTitleService({
        providers: createProviderRegistry(() => [byFunction]),
        convos,
        log: h.app.log,
      });
      h.fake.reset();
      const title = await titles.generate({
        userId: dave.user.user.id,
        conversationId: id,
        endpointName: 'openAI',
        model: 'gpt-4o-mini',
        userText: 'Spring tides. How high do they rise?',
        replyText: 'Quite high.',
      });
      // The fake's title is the first sentence, sent only as the call's argument (no text): a
      // title read from the text would be the fallback, the whole first message.
      expect(title).toBe('Spring tides');
      const sent = h.fake.requests.at(-1)?.body as { tools?: unknown[]; tool_choice?: unknown };
      expect(sent.tool_choice).toEqual({ type: 'function', function: { name: 'submit_title' } });
      expect(sent.tools).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});
