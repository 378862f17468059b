import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_LIMITS,
  type ApiErrorBody,
  type Conversation,
  type ConvosPage,
  type FinalEvent,
} from '@chat/contract';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { createConvosRepo } from './repo.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
let bob: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp();
  alice = await chatUser(h, 'Alice');
  bob = await chatUser(h, 'Bob');
});
afterAll(() => h.close());

async function newConversation(user: typeof alice, text = 'Hello there [[fake reply="Hi"]]') {
  const r = await user.ask({ text });
  return (r.events.at(-1)!.data as FinalEvent).conversation;
}

describe('GET /api/convos (paging)', () => {
  it('pages newest first with pageSize and pages', async () => {
    const paging = await chatUser(h, 'Pager');
    const repo = createConvosRepo(h.database.db);
    const base = Date.now() - 100_000;
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await repo.insert({
        conversationId: id,
        userId: paging.user.user.id,
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        options: {},
        createdAt: new Date(base + i * 1000),
      });
    }
    const newestFirst = [...ids].reverse();
    const p1 = (await (await paging.api('/api/convos?pageNumber=1')).json()) as ConvosPage;
    expect(p1).toMatchObject({ pageNumber: 1, pageSize: CHAT_LIMITS.convosPageSize, pages: 2 });
    expect(p1.conversations.map((c) => c.conversationId)).toEqual(
      newestFirst.slice(0, CHAT_LIMITS.convosPageSize),
    );
    const p2 = (await (await paging.api('/api/convos?pageNumber=2')).json()) as ConvosPage;
    expect(p2.conversations.map((c) => c.conversationId)).toEqual(
      newestFirst.slice(CHAT_LIMITS.convosPageSize),
    );
    expect(p2.pages).toBe(2);

    const empty = await chatUser(h, 'Nobody');
    const none = (await (await empty.api('/api/convos')).json()) as ConvosPage;
    expect(none).toEqual({
      conversations: [],
      pageNumber: 1,
      pageSize: CHAT_LIMITS.convosPageSize,
      pages: 1,
    });
    expect((await paging.api('/api/convos?pageNumber=0')).status).toBe(400);
  });

  it('moves a conversation with a new message to the top', async () => {
    const first = await newConversation(alice);
    await newConversation(alice);
    const strayParent = await alice.ask({
      conversationId: first.conversationId,
      parentMessageId: crypto.randomUUID(),
      text: 'x',
    });
    expect(strayParent.status).toBe(400);
    const r = await alice.ask({
      conversationId: first.conversationId,
      parentMessageId: (await alice.messages(first.conversationId))[1]!.messageId,
      text: 'Again [[fake reply="ok"]]',
    });
    expect(r.status).toBe(200);
    const page = (await (await alice.api('/api/convos')).json()) as ConvosPage;
    expect(page.conversations[0]!.conversationId).toBe(first.conversationId);
  });
});

describe('conversation routes', () => {
  it('gets, renames and deletes one conversation', async () => {
    const c = await newConversation(alice);
    const got = (await (await alice.api(`/api/convos/${c.conversationId}`)).json()) as Conversation;
    expect(got).toMatchObject({
      conversationId: c.conversationId,
      endpoint: 'openAI',
      user: alice.user.user.id,
    });

    const renamed = await alice.api('/api/convos/update', {
      body: { arg: { conversationId: c.conversationId, title: 'Renamed' } },
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Conversation).title).toBe('Renamed');

    const cleared = await alice.api('/api/convos/clear', {
      body: { arg: { conversationId: c.conversationId, source: 'button' } },
    });
    expect(cleared.status).toBe(200);
    expect((await alice.api(`/api/convos/${c.conversationId}`)).status).toBe(404);
    expect((await alice.api(`/api/messages/${c.conversationId}`)).status).toBe(404);
  });

  it('clears all of the user’s conversations and nobody else’s', async () => {
    const carol = await chatUser(h, 'Carol');
    await newConversation(carol);
    await newConversation(carol);
    const bobs = await newConversation(bob);
    const res = await carol.api('/api/convos/clear', { body: { arg: {} } });
    expect(res.status).toBe(200);
    expect(((await (await carol.api('/api/convos')).json()) as ConvosPage).conversations).toHaveLength(0);
    expect((await bob.api(`/api/convos/${bobs.conversationId}`)).status).toBe(200);
  });

  it('answers 404 for another user’s conversation everywhere', async () => {
    const c = await newConversation(alice);
    const id = c.conversationId;
    const expect404 = async (res: Response) => {
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).code).toBe('not_found');
    };
    await expect404(await bob.api(`/api/convos/${id}`));
    await expect404(await bob.api(`/api/messages/${id}`));
    await expect404(
      await bob.api('/api/convos/update', { body: { arg: { conversationId: id, title: 'Mine' } } }),
    );
    await expect404(await bob.api('/api/convos/clear', { body: { arg: { conversationId: id } } }));
    await expect404(await bob.api('/api/convos/gen_title', { body: { conversationId: id } }));
    const msg = (await alice.messages(id))[0]!;
    await expect404(
      await bob.api(`/api/messages/${id}/${msg.messageId}`, { method: 'PUT', body: { text: 'hacked' } }),
    );
    const ask = await bob.ask({ conversationId: id, parentMessageId: msg.messageId, text: 'Let me in' });
    expect(ask.status).toBe(404);
    expect((await alice.messages(id))[0]!.text).toBe(msg.text);
    expect((await alice.api(`/api/convos/${id}`)).status).toBe(200);
  });

  it('requires a bearer token', async () => {
    expect((await fetch(`${h.url}/api/convos`)).status).toBe(401);
  });
});

describe('titles', () => {
  it('titles a new conversation after its first reply and serves it from gen_title', async () => {
    const c = await newConversation(alice, 'Penguins of the southern ocean explained [[fake reply="Sure"]]');
    let title = '';
    await waitFor(async () => {
      const res = await alice.api('/api/convos/gen_title', { body: { conversationId: c.conversationId } });
      if (res.status === 200) title = ((await res.json()) as { title: string }).title;
      else expect(res.status).toBe(404);
      return res.status === 200;
    });
    expect(title).toBe('Penguins of the southern ocean explained');
    const got = (await (await alice.api(`/api/convos/${c.conversationId}`)).json()) as Conversation;
    expect(got.title).toBe(title);
  });

  it('titles a conversation whose first reply failed with its first message', async () => {
    const r = await alice.ask({ text: 'Broken [[fake status=500]]' });
    const conversationId = (r.events[0]!.data as { conversationId: string }).conversationId;
    const res = await alice.api('/api/convos/gen_title', { body: { conversationId } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ title: 'Broken [[fake status=500]]' });
  });
});
