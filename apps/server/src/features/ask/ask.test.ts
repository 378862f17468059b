import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTINUATION_REPLY } from '@chat/fake-upstreams';
import { NO_PARENT, type ApiErrorBody, type Message } from '@chat/contract';
import { messages as messagesTable } from '../../db/schema.js';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { createdOf, deltasOf, finalOf } from '../../../test/support/sse-client.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp();
  alice = await chatUser(h, 'Alice');
});
afterAll(() => h.close());

/** The body of the last streaming chat request the fake saw (title requests are not streamed). */
const lastStreamRequest = () =>
  h.fake.requests
    .filter((q) => q.path === '/v1/chat/completions' && (q.body as { stream?: boolean }).stream)
    .at(-1)?.body;

describe('POST /api/ask/:endpoint', () => {
  it('streams created, deltas and final, and saves both messages', async () => {
    const reply = 'The quick brown fox jumps over the lazy dog again and again';
    const r = await alice.ask({ text: `Tell me [[fake reply="${reply}" tps=100]]` });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(r.events.map((e) => e.id)).toEqual(r.events.map((_, i) => i));
    expect(r.events.every((e) => e.event === 'message')).toBe(true);

    const created = createdOf(r.events[0]!)!;
    expect(created).toMatchObject({
      created: true,
      message: { isCreatedByUser: true, parentMessageId: NO_PARENT },
    });
    const deltas = deltasOf(r.events.slice(1, -1));
    expect(deltas.join('')).toBe(reply);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas).not.toContain(reply);

    const final = finalOf(r.events);
    expect(final.final).toBe(true);
    expect(final.responseMessage).toMatchObject({
      text: reply,
      unfinished: false,
      error: false,
      finish_reason: 'stop',
      parentMessageId: final.requestMessage.messageId,
      messageId: created.responseMessageId,
      isCreatedByUser: false,
    });
    expect(final.conversation.conversationId).toBe(created.conversationId);
    const saved = await alice.messages(final.conversation.conversationId);
    expect(saved.map((m) => m.messageId)).toEqual([
      final.requestMessage.messageId,
      final.responseMessage.messageId,
    ]);
    expect(saved[1]!.text).toBe(reply);
  });

  it('uses the client-made message ids and stores the conversation options', async () => {
    const messageId = crypto.randomUUID();
    const responseMessageId = crypto.randomUUID();
    const r = await alice.ask({
      text: 'Hi [[fake reply="ok"]]',
      messageId,
      responseMessageId,
      temperature: 0.5,
      promptPrefix: 'Be brief',
    });
    const final = finalOf(r.events);
    expect(final.requestMessage.messageId).toBe(messageId);
    expect(final.responseMessage.messageId).toBe(responseMessageId);
    expect(final.conversation).toMatchObject({
      temperature: 0.5,
      promptPrefix: 'Be brief',
      model: 'gpt-4o-mini',
      endpoint: 'openAI',
    });
    const sent = lastStreamRequest() as { messages: { role: string }[]; temperature: number };
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'Be brief' });
    expect(sent.temperature).toBe(0.5);
  });

  it('saves the user text trimmed', async () => {
    const r = await alice.ask({ text: '  \n  padded [[fake reply="ok"]]  \n ' });
    expect(finalOf(r.events).requestMessage.text).toBe('padded [[fake reply="ok"]]');
  });

  it('has the user message and the unfinished reply in the database before the first delta', async () => {
    let checked: Message[] | undefined;
    const r = await alice.ask(
      { text: 'Slow one [[fake reply="a b c d e f" tps=10]]' },
      {
        onEvent: async (e) => {
          const c = createdOf(e);
          if (c) checked = await alice.messages(c.conversationId);
        },
      },
    );
    expect(checked?.map((m) => [m.isCreatedByUser, m.unfinished])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(finalOf(r.events).responseMessage.text).toBe('a b c d e f');
  });

  it('flushes the reply so far to the database while streaming', async () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    let conversationId = '';
    let responseId = '';
    const streaming = alice.ask(
      { text: `Long [[fake reply="${words}" tps=10]]` },
      {
        onEvent: (e) => {
          const c = createdOf(e);
          if (c) {
            conversationId = c.conversationId;
            responseId = c.responseMessageId;
          }
        },
      },
    );
    await waitFor(() => responseId !== '');
    const textInDb = async () => {
      const [row] = await h.database.db
        .select()
        .from(messagesTable)
        .where(eq(messagesTable.messageId, responseId));
      return row!.text;
    };
    await new Promise((r) => setTimeout(r, 1500));
    const early = await textInDb();
    await new Promise((r) => setTimeout(r, 1100));
    const later = await textInDb();
    expect(early.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(early.length);
    expect(later.length).toBeLessThan(words.length);
    const r = await streaming;
    expect(finalOf(r.events).responseMessage.text).toBe(words);
    expect(conversationId).not.toBe('');
  });

  it('keeps generating after the client disconnects and saves the whole reply', async () => {
    const words = Array.from({ length: 20 }, (_, i) => `x${i}`).join(' ');
    const r = await alice.ask({ text: `Leave [[fake reply="${words}" tps=40]]` }, { stopAfter: 3 });
    expect(r.disconnected).toBe(true);
    const conversationId = (r.events[0]!.data as { conversationId: string }).conversationId;
    await h.app.lifecycle.drain();
    const saved = await alice.messages(conversationId);
    expect(saved[1]).toMatchObject({ text: words, unfinished: false, error: false });
  });

  it('answers 400 JSON before streaming for bad input', async () => {
    const empty = await alice.ask({ text: '   ' });
    expect(empty.status).toBe(400);
    expect((empty.json as ApiErrorBody).code).toBe('validation_error');
    const unknown = await alice.ask({ endpoint: 'nope' });
    expect(unknown.status).toBe(400);
    expect((unknown.json as ApiErrorBody).code).toBe('unknown_endpoint');
    const undefinedEndpoint = await alice.ask({ endpoint: undefined });
    expect(undefinedEndpoint.status).toBe(400);
    expect((undefinedEndpoint.json as ApiErrorBody).issues).toEqual([
      { path: 'endpoint', message: 'undefined endpoint', key: 'com_error_undefined_endpoint' },
    ]);
    const bad = await alice.ask({ conversationId: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    const missing = await alice.ask({ conversationId: crypto.randomUUID() });
    expect(missing.status).toBe(404);
  });

  it('refuses a second reply in a conversation while one is running (409)', async () => {
    let conversationId = '';
    const first = alice.ask(
      { text: 'Busy [[fake reply="a b c d e f g h" tps=20]]' },
      { onEvent: (e) => void (conversationId = createdOf(e)?.conversationId ?? conversationId) },
    );
    await waitFor(() => conversationId !== '');
    const second = await alice.ask({ conversationId, text: 'Me too' });
    expect(second.status).toBe(409);
    expect((second.json as ApiErrorBody).code).toBe('conflict');
    await first;
  });
});

describe('message actions', () => {
  it('regenerate adds a sibling reply under the same user message', async () => {
    const first = finalOf((await alice.ask({ text: 'Regen me [[fake reply="first answer"]]' })).events);
    const userId = first.requestMessage.messageId;
    const r = await alice.ask({
      text: first.requestMessage.text,
      conversationId: first.conversation.conversationId,
      parentMessageId: userId,
      isRegenerate: true,
    });
    const second = finalOf(r.events);
    expect((r.events[0]!.data as { message: Message }).message.messageId).toBe(userId);
    expect(second.requestMessage.messageId).toBe(userId);
    expect(second.responseMessage.parentMessageId).toBe(userId);
    expect(second.responseMessage.messageId).not.toBe(first.responseMessage.messageId);
    const saved = await alice.messages(first.conversation.conversationId);
    expect(saved.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    expect(saved.filter((m) => m.parentMessageId === userId)).toHaveLength(2);
  });

  it('continue appends to the same AI message and streams only the new text', async () => {
    const first = finalOf((await alice.ask({ text: 'Cut short [[fake finish=length]]' })).events);
    expect(first.responseMessage.finish_reason).toBe('length');
    const prefix = first.responseMessage.text;
    const r = await alice.ask(
      {
        text: '',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.requestMessage.messageId,
        responseMessageId: first.responseMessage.messageId,
        isContinued: true,
      },
      undefined,
      'edit',
    );
    expect(deltasOf(r.events.slice(1, -1)).join('')).toBe(CONTINUATION_REPLY);
    const final = finalOf(r.events);
    expect(final.responseMessage).toMatchObject({
      messageId: first.responseMessage.messageId,
      text: prefix + CONTINUATION_REPLY,
    });
    const sent = lastStreamRequest() as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)).toEqual({ role: 'assistant', content: prefix });
    expect(await alice.messages(first.conversation.conversationId)).toHaveLength(2);
  });

  it('an edited AI message is saved and generation continues from it', async () => {
    const first = finalOf((await alice.ask({ text: 'Edit the answer' })).events);
    const r = await alice.ask(
      {
        text: 'My better start',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.requestMessage.messageId,
        responseMessageId: first.responseMessage.messageId,
        overrideParentMessageId: first.requestMessage.messageId,
        isEdited: true,
      },
      undefined,
      'edit',
    );
    expect(finalOf(r.events).responseMessage).toMatchObject({
      messageId: first.responseMessage.messageId,
      text: 'My better start' + CONTINUATION_REPLY,
      isEdited: true,
    });
  });

  it('editing a user message and re-sending makes a new branch under the same parent', async () => {
    const first = finalOf((await alice.ask({ text: 'Original question' })).events);
    const edited = finalOf(
      (
        await alice.ask(
          {
            text: 'Edited question',
            conversationId: first.conversation.conversationId,
            parentMessageId: NO_PARENT,
          },
          undefined,
          'edit',
        )
      ).events,
    );
    const saved = await alice.messages(first.conversation.conversationId);
    const roots = saved.filter((m) => m.parentMessageId === NO_PARENT);
    expect(roots.map((m) => m.text).sort()).toEqual(['Edited question', 'Original question']);
    expect(edited.responseMessage.parentMessageId).toBe(edited.requestMessage.messageId);
    expect(saved).toHaveLength(4);
  });
});
