import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_LIMITS, NO_PARENT, contextTokensOf, type ResumedEvent } from '@chat/contract';
import { conversations, messages } from '../../db/schema.js';
import { countPrompt } from '../../providers/token-count.js';
import type { ProviderMessage } from '../../providers/types.js';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { createdOf, finalOf } from '../../../test/support/sse-client.js';

const COUNT = 5000;
const FILLER =
  'We went over the plan for the garden again: roses along the fence, tulips by the door, ' +
  'a bench under the old pear tree, and a path of flat stones that winds past the pond. ';

let h: ChatHarness;
let user: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp({ titleConvo: false });
  user = await chatUser(h, 'Long Talker');
});
afterAll(() => h.close());

/** A saved conversation of `count` alternating messages (~440 characters each), in a few inserts. */
async function seedConversation(count: number) {
  const conversationId = randomUUID();
  const db = h.database.db;
  await db.insert(conversations).values({
    conversationId,
    userId: user.user.user.id,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
  });
  const rows: (typeof messages.$inferInsert)[] = [];
  let parent = NO_PARENT;
  const t0 = Date.now() - count * 1000;
  for (let i = 0; i < count; i++) {
    const isUser = i % 2 === 0;
    const messageId = randomUUID();
    rows.push({
      messageId,
      conversationId,
      userId: user.user.user.id,
      parentMessageId: parent,
      sender: isUser ? 'User' : 'GPT-4o mini',
      isCreatedByUser: isUser,
      text: `Message ${i}. ${FILLER}${FILLER}`,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      createdAt: new Date(t0 + i * 1000),
      updatedAt: new Date(t0 + i * 1000),
    });
    parent = messageId;
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(messages).values(rows.slice(i, i + 500));
  return { conversationId, rows };
}

const streamedBodies = () =>
  h.fake.requests
    .filter((q) => q.path === '/v1/chat/completions' && (q.body as { stream?: boolean }).stream)
    .map((q) => q.body as { messages: { role: string; content: string }[] });

describe('a long conversation and the model context', () => {
  it('sends what fits, ending with the newest turns, and keeps the conversation whole', async () => {
    const { conversationId, rows } = await seedConversation(COUNT);
    const last = rows.at(-1)!;
    h.fake.reset();
    const r = await user.ask({
      text: 'And the pond? [[fake reply="It stays."]]',
      conversationId,
      parentMessageId: last.messageId,
      promptPrefix: 'You are a garden planner.',
    });
    expect(r.status).toBe(200);
    const final = finalOf(r.events);
    expect(final.responseMessage.error).toBe(false);

    const sent = streamedBodies().at(-1)!.messages;
    const asProvider = sent as ProviderMessage[];
    const budget = contextTokensOf('gpt-4o-mini') - CONTEXT_LIMITS.replyReserveTokens;
    expect(countPrompt({ model: 'gpt-4o-mini', messages: asProvider })).toBeLessThanOrEqual(budget);
    // The instructions first, the newest turns last, in order; the oldest left out.
    expect(sent[0]).toEqual({ role: 'system', content: 'You are a garden planner.' });
    expect(sent.at(-1)!.content).toBe('And the pond? [[fake reply="It stays."]]');
    const history = sent.slice(1, -1).map((m) => m.content);
    expect(history.length).toBeGreaterThan(100);
    expect(history.length).toBeLessThan(COUNT);
    expect(history).toEqual(rows.slice(COUNT - history.length).map((m) => m.text));
    expect(sent[1]!.role).toBe('user');
    // The room is used: the turn before (a question and its reply) would not have fit.
    const before = rows.slice(COUNT - history.length - 2, COUNT - history.length);
    const more = before.map((m) => ({ role: 'user' as const, content: m.text ?? '' }));
    expect(countPrompt({ model: 'gpt-4o-mini', messages: [...asProvider, ...more] })).toBeGreaterThan(budget);

    // The client is told where the model's context begins, in the created and final events.
    const firstSent = rows[COUNT - history.length]!.messageId;
    expect(createdOf(r.events[0]!)!.contextMessageId).toBe(firstSent);
    expect(final.contextMessageId).toBe(firstSent);

    // Nothing is dropped from the saved conversation.
    const saved = await user.messages(conversationId);
    expect(saved).toHaveLength(COUNT + 2);
    expect(saved[0]!.messageId).toBe(rows[0]!.messageId);
  });

  it("fits the conversation's own maxContextTokens, and says nothing when all of it fits", async () => {
    const { conversationId, rows } = await seedConversation(40);
    h.fake.reset();
    const small = await user.ask({
      text: 'Short, please [[fake reply="ok"]]',
      conversationId,
      parentMessageId: rows.at(-1)!.messageId,
      maxContextTokens: 2000,
    });
    const sent = streamedBodies().at(-1)!.messages as ProviderMessage[];
    expect(countPrompt({ model: 'gpt-4o-mini', messages: sent })).toBeLessThanOrEqual(2000 - 1000);
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.length).toBeLessThan(20);
    expect(finalOf(small.events).contextMessageId).toBeDefined();

    const whole = await seedConversation(4);
    const all = await user.ask({
      text: 'All of it [[fake reply="ok"]]',
      conversationId: whole.conversationId,
      parentMessageId: whole.rows.at(-1)!.messageId,
    });
    expect(streamedBodies().at(-1)!.messages).toHaveLength(5);
    expect(createdOf(all.events[0]!)!.contextMessageId).toBeUndefined();
    expect(finalOf(all.events).contextMessageId).toBeUndefined();
  });

  it('saves where the context began with the reply: GET /api/messages gives it after a reload', async () => {
    const { conversationId, rows } = await seedConversation(40);
    const cut = await user.ask({
      text: 'Short, please [[fake reply="ok"]]',
      conversationId,
      parentMessageId: rows.at(-1)!.messageId,
      maxContextTokens: 2000,
    });
    const cutFinal = finalOf(cut.events);
    const start = cutFinal.contextMessageId!;
    expect(rows.slice(1).map((m) => m.messageId)).toContain(start);
    expect(cutFinal.responseMessage.contextMessageId).toBe(start);

    // A later reply in the same conversation for which all of it fit says nothing.
    const fit = await user.ask({
      text: 'All of it now [[fake reply="ok"]]',
      conversationId,
      parentMessageId: cutFinal.responseMessage.messageId,
      maxContextTokens: 100_000,
    });
    const fitFinal = finalOf(fit.events);
    expect(fitFinal.contextMessageId).toBeUndefined();

    const saved = await user.messages(conversationId);
    const byId = new Map(saved.map((m) => [m.messageId, m]));
    expect(byId.get(cutFinal.responseMessage.messageId)!.contextMessageId).toBe(start);
    expect(byId.get(fitFinal.responseMessage.messageId)).not.toHaveProperty('contextMessageId');
    // User messages and the seeded replies carry none.
    expect(saved.filter((m) => m.contextMessageId)).toHaveLength(1);
    // The branch tail (?limit=) writes it the same way.
    const res = await user.api(`/api/messages/${conversationId}?limit=4`);
    const tail = (await res.json()) as { messageId: string; contextMessageId?: string }[];
    expect(tail.find((m) => m.messageId === cutFinal.responseMessage.messageId)!.contextMessageId).toBe(
      start,
    );
  });

  it('a continued reply saves where its context began this time', async () => {
    const { conversationId, rows } = await seedConversation(40);
    const cut = finalOf(
      (
        await user.ask({
          text: 'Short, please [[fake reply="ok"]]',
          conversationId,
          parentMessageId: rows.at(-1)!.messageId,
          maxContextTokens: 2000,
        })
      ).events,
    );
    expect(cut.responseMessage.contextMessageId).toBeDefined();
    // Continued with room for all of it: the reply's earlier start goes.
    const more = await user.ask(
      {
        text: '',
        conversationId,
        parentMessageId: cut.requestMessage.messageId,
        responseMessageId: cut.responseMessage.messageId,
        isContinued: true,
        maxContextTokens: 100_000,
      },
      undefined,
      'edit',
    );
    expect(finalOf(more.events).responseMessage.messageId).toBe(cut.responseMessage.messageId);
    const saved = (await user.messages(conversationId)).find(
      (m) => m.messageId === cut.responseMessage.messageId,
    )!;
    expect(saved).not.toHaveProperty('contextMessageId');
  });

  it('a client resuming the running reply is told where its context began', async () => {
    const { conversationId, rows } = await seedConversation(40);
    const seen = await user.ask(
      {
        // Four seconds of reply: it still runs while the saved row is read, and when resumed.
        text: `Slowly [[fake reply="${Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')}" tps=10]]`,
        conversationId,
        parentMessageId: rows.at(-1)!.messageId,
        maxContextTokens: 2000,
      },
      { stopAfter: 2 },
    );
    expect(seen.disconnected).toBe(true);
    const start = createdOf(seen.events[0]!)!.contextMessageId!;
    expect(start).toBeDefined();
    // Saved before the reply ends, so a crash now would not lose it: a reload shows it meanwhile.
    const replyId = createdOf(seen.events[0]!)!.responseMessageId;
    const streaming = async () => (await user.messages(conversationId)).find((m) => m.messageId === replyId);
    await waitFor(async () => (await streaming())?.contextMessageId === start);
    expect((await streaming())!.unfinished).toBe(true);
    const r = await user.resume(conversationId);
    const snapshot = r.events[0]!.data as ResumedEvent;
    expect(snapshot.resumed).toBe(true);
    expect(snapshot.responseMessage.contextMessageId).toBe(start);
    expect(finalOf(r.events).responseMessage.contextMessageId).toBe(start);
  });
});
