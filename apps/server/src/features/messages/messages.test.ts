import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinalEvent, Message } from '@chat/contract';
import { sql } from 'drizzle-orm';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { presentMessage } from './presenter.js';
import { createMessagesRepo } from './repo.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp({ titleConvo: false });
  alice = await chatUser(h, 'Alice');
});
afterAll(() => h.close());

describe('messages', () => {
  it('lists the tree oldest first with contract fields', async () => {
    const first = (await alice.ask({ text: 'One [[fake reply="1"]]' })).events.at(-1)!.data as FinalEvent;
    const id = first.conversation.conversationId;
    await alice.ask({
      conversationId: id,
      parentMessageId: first.responseMessage.messageId,
      text: 'Two [[fake reply="2"]]',
    });
    const list = await alice.messages(id);
    expect(list.map((m) => m.text)).toEqual(['One [[fake reply="1"]]', '1', 'Two [[fake reply="2"]]', '2']);
    for (let i = 1; i < list.length; i++) expect(list[i]!.parentMessageId).toBe(list[i - 1]!.messageId);
    expect(list[1]).toMatchObject({
      sender: 'openAI',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      isEdited: false,
    });
    expect(new Date(list[0]!.createdAt).toISOString()).toBe(list[0]!.createdAt);
  });

  it('PUT saves the text and marks the message edited (user and AI messages)', async () => {
    const first = (await alice.ask({ text: 'Fix me [[fake reply="typo"]]' })).events.at(-1)!
      .data as FinalEvent;
    const id = first.conversation.conversationId;
    for (const m of [first.requestMessage, first.responseMessage]) {
      const res = await alice.api(`/api/messages/${id}/${m.messageId}`, {
        method: 'PUT',
        body: { text: `fixed ${m.messageId}` },
      });
      expect(res.status).toBe(200);
      expect((await res.json()) as Message).toMatchObject({ text: `fixed ${m.messageId}`, isEdited: true });
    }
    const list = await alice.messages(id);
    expect(list.every((m) => m.isEdited && m.text.startsWith('fixed'))).toBe(true);
    const missing = await alice.api(`/api/messages/${id}/${crypto.randomUUID()}`, {
      method: 'PUT',
      body: { text: 'x' },
    });
    expect(missing.status).toBe(404);
    const noConversation = await alice.api(`/api/messages//${first.requestMessage.messageId}`, {
      method: 'PUT',
      body: { text: 'x' },
    });
    expect(noConversation.status).toBe(400);
    expect(await noConversation.json()).toMatchObject({
      code: 'validation_error',
      issues: [
        {
          path: 'conversationId',
          message: 'conversationId is required',
          key: 'com_error_conversation_id_required',
        },
      ],
    });
    const bad = await alice.api(`/api/messages/${id}/${first.requestMessage.messageId}`, {
      method: 'PUT',
      body: { text: 5 },
    });
    expect(bad.status).toBe(400);
  });

  it('GET writes exactly the JSON of the presenter (flags, nulls, escapes, microsecond dates)', async () => {
    const first = (await alice.ask({ text: 'Base [[fake reply="ok"]]' })).events.at(-1)!.data as FinalEvent;
    const id = first.conversation.conversationId;
    const userId = alice.user.user.id;
    const repo = createMessagesRepo(h.database.db);
    const flagged = crypto.randomUUID();
    const nulls = crypto.randomUUID();
    const common = { conversationId: id, userId, parentMessageId: first.responseMessage.messageId };
    await repo.insert({
      ...common,
      messageId: flagged,
      sender: 'openAI',
      text: 'quote " backslash \\ nl \n tab \t ctl \u0001\u001f del \u007f é 😀 \u2028 </script>',
      isCreatedByUser: false,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      error: true,
      unfinished: true,
      isEdited: true,
      finishReason: 'length',
      tokenCount: 1234,
      contextMessageId: first.requestMessage.messageId,
      createdAt: new Date(Date.now() + 60_000),
    });
    await repo.insert({
      ...common,
      messageId: nulls,
      parentMessageId: flagged,
      sender: 'User',
      text: '',
      isCreatedByUser: true,
      createdAt: new Date(Date.now() + 120_000),
    });
    // Microseconds the database keeps but a JS Date drops.
    await h.database.db.execute(
      sql`update messages set created_at = created_at + interval '999 microseconds',
            updated_at = '2001-02-03 04:05:06.789999+00' where message_id = ${flagged}`,
    );

    const res = await alice.api(`/api/messages/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await res.text();
    const expected = (await repo.listForConversation(userId, id)).map(presentMessage);
    expect(expected.map((m) => m.messageId).slice(-2)).toEqual([flagged, nulls]);
    expect(expected.at(-2)).toMatchObject({
      error: true,
      finish_reason: 'length',
      tokenCount: 1234,
      contextMessageId: first.requestMessage.messageId,
    });
    expect(expected.at(-2)!.updatedAt).toBe('2001-02-03T04:05:06.789Z');
    expect(expected.at(-1)).toMatchObject({
      endpoint: null,
      model: null,
      finish_reason: null,
      tokenCount: null,
    });
    const parsed = JSON.parse(body) as Message[];
    expect(parsed).toHaveLength(expected.length);
    parsed.forEach((m, i) => expect(m).toStrictEqual(expected[i]));
    expect(body).toBe(JSON.stringify(expected));

    // Not the user's conversation: 404 as before.
    const bob = await chatUser(h, 'Bob');
    expect((await bob.api(`/api/messages/${id}`)).status).toBe(404);
  });

  it('a long conversation is read in slices that join to the same list, ties and microseconds kept', async () => {
    const first = (await alice.ask({ text: 'Slices [[fake reply="ok"]]' })).events.at(-1)!.data as FinalEvent;
    const id = first.conversation.conversationId;
    const userId = alice.user.user.id;
    const repo = createMessagesRepo(h.database.db);
    // 13 more messages, in pairs sharing one instant (a user message and a reply at the same
    // time, and two replies at the same time), some a microsecond apart: the slices' keys meet
    // every kind of tie.
    let parent = first.responseMessage.messageId;
    const at = new Date(Date.now() + 60_000);
    for (let i = 0; i < 13; i++) {
      const messageId = crypto.randomUUID();
      await repo.insert({
        conversationId: id,
        userId,
        parentMessageId: parent,
        messageId,
        sender: i % 3 === 0 ? 'User' : 'openAI',
        text: `slice ${i}`,
        isCreatedByUser: i % 3 === 0,
        createdAt: new Date(at.getTime() + Math.floor(i / 2) * 1000),
      });
      if (i % 4 === 1) {
        await h.database.db.execute(
          sql`update messages set created_at = created_at + interval '1 microsecond' where message_id = ${messageId}`,
        );
      }
      parent = messageId;
    }
    const whole = JSON.stringify((await repo.listForConversation(userId, id)).map(presentMessage));
    expect(JSON.parse(whole)).toHaveLength(15);
    for (const slice of [1, 2, 4, 5, 15, 16, 500]) {
      expect(await repo.listJsonForConversation(userId, id, slice)).toBe(whole);
    }
    expect(await repo.listJsonForConversation(userId, crypto.randomUUID(), 4)).toBe('[]');
  });

  it("GET gives a message's attached files and a plugins reply's states, as the presenter does", async () => {
    const first = (await alice.ask({ text: 'Look [[fake reply="ok"]]' })).events.at(-1)!.data as FinalEvent;
    const id = first.conversation.conversationId;
    const userId = alice.user.user.id;
    const repo = createMessagesRepo(h.database.db);
    const withFiles = crypto.randomUUID();
    const fileId = crypto.randomUUID();
    await repo.insert({
      conversationId: id,
      userId,
      messageId: withFiles,
      parentMessageId: first.responseMessage.messageId,
      sender: 'User',
      text: 'this picture',
      isCreatedByUser: true,
      files: [
        { file_id: fileId, filepath: `/images/${fileId}.webp`, type: 'image/webp', width: 640, height: 480 },
      ],
      createdAt: new Date(Date.now() + 60_000),
    });
    await repo.insert({
      conversationId: id,
      userId,
      messageId: crypto.randomUUID(),
      parentMessageId: withFiles,
      sender: 'openAI',
      text: 'a reply that used a tool',
      isCreatedByUser: false,
      plugins: [
        {
          pluginKey: 'calculator',
          latest: 'Calculator',
          loading: false,
          inputs: [{ inputStr: '1+1' }],
          outputs: '2',
        },
      ],
      createdAt: new Date(Date.now() + 120_000),
    });
    const expected = (await repo.listForConversation(userId, id)).map(presentMessage);
    expect(expected.at(-2)!.files).toHaveLength(1);
    expect(expected.at(-1)!.plugins).toHaveLength(1);
    for (const path of [`/api/messages/${id}`, `/api/messages/${id}?limit=4`]) {
      const parsed = (await (await alice.api(path)).json()) as Message[];
      expect(parsed.slice(-2)).toStrictEqual(expected.slice(-2));
    }
  });

  it("GET ?limit= gives the newest branch's last messages, oldest first, as the full list writes them", async () => {
    const first = (await alice.ask({ text: 'Root [[fake reply="r"]]' })).events.at(-1)!.data as FinalEvent;
    const id = first.conversation.conversationId;
    let parent = first.responseMessage.messageId;
    for (const n of [1, 2, 3]) {
      const fin = (
        await alice.ask({ conversationId: id, parentMessageId: parent, text: `Q${n} [[fake reply="A${n}"]]` })
      ).events.at(-1)!.data as FinalEvent;
      parent = fin.responseMessage.messageId;
    }
    // A newer branch off the first reply: the tail follows it, not the older, longer one.
    const side = (
      await alice.ask({
        conversationId: id,
        parentMessageId: first.responseMessage.messageId,
        text: 'Side [[fake reply="S"]]',
      })
    ).events.at(-1)!.data as FinalEvent;
    const all = JSON.parse(await (await alice.api(`/api/messages/${id}`)).text()) as Message[];
    expect(all).toHaveLength(10);

    const tail = async (limit: number | string) => {
      const res = await alice.api(`/api/messages/${id}?limit=${limit}`);
      expect(res.status).toBe(200);
      return (await res.json()) as Message[];
    };
    const three = await tail(3);
    expect(three.map((m) => m.text)).toEqual(['r', 'Side [[fake reply="S"]]', 'S']);
    expect(three.at(-1)!.messageId).toBe(side.responseMessage.messageId);
    // The same objects as the full list (one JSON writer for both).
    for (const m of three) expect(m).toStrictEqual(all.find((x) => x.messageId === m.messageId));
    const whole = await tail(100);
    expect(whole.map((m) => m.text)).toEqual([
      'Root [[fake reply="r"]]',
      'r',
      'Side [[fake reply="S"]]',
      'S',
    ]);
    expect(whole[0]!.parentMessageId).toBe(first.requestMessage.parentMessageId);

    for (const bad of [0, -1, 'x', 1001]) {
      expect((await alice.api(`/api/messages/${id}?limit=${bad}`)).status).toBe(400);
    }
    const bob = await chatUser(h, 'Bob2');
    expect((await bob.api(`/api/messages/${id}?limit=5`)).status).toBe(404);

    // A chain whose parent id points into someone else's conversation stops at the owner's
    // own messages: the walk never returns another person's message.
    const bobs = (await bob.ask({ text: 'Mine [[fake reply="b"]]' })).events.at(-1)!.data as FinalEvent;
    const bobConvo = bobs.conversation.conversationId;
    await h.database.db.execute(
      sql`update messages set parent_message_id = ${first.responseMessage.messageId}
           where message_id = ${bobs.requestMessage.messageId}`,
    );
    const bobTail = (await (await bob.api(`/api/messages/${bobConvo}?limit=10`)).json()) as Message[];
    expect(bobTail.map((m) => m.text)).toEqual(['Mine [[fake reply="b"]]', 'b']);
  });

  it("appendTexts appends to a saved text of the given UTF-8 size only, writes whole texts, and only the owner's", async () => {
    const first = (await alice.ask({ text: 'Grow [[fake reply="é"]]' })).events.at(-1)!.data as FinalEvent;
    const reply = first.responseMessage.messageId;
    const userId = alice.user.user.id;
    const repo = createMessagesRepo(h.database.db);
    const text = async () => (await repo.get(userId, reply))!.text;
    const bytes = Buffer.byteLength('é');

    expect(
      await repo.appendTexts([{ id: reply, userId, fromBytes: bytes, text: ' 👋 ok' }], new Date()),
    ).toEqual(new Set([reply]));
    expect(await text()).toBe('é 👋 ok');
    // A size that is not the saved text's: left alone.
    const stale = await repo.appendTexts(
      [{ id: reply, userId, fromBytes: bytes, text: ' again' }],
      new Date(),
    );
    expect(stale).toEqual(new Set());
    expect(await text()).toBe('é 👋 ok');
    // Someone else's id: nothing written.
    const other = await repo.appendTexts(
      [{ id: reply, userId: crypto.randomUUID(), fromBytes: -1, text: 'stolen' }],
      new Date(),
    );
    expect(other).toEqual(new Set());
    // -1: the whole text.
    expect(await repo.appendTexts([{ id: reply, userId, fromBytes: -1, text: 'whole' }], new Date())).toEqual(
      new Set([reply]),
    );
    expect(await text()).toBe('whole');
  });
});
