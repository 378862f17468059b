import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinalEvent, VALIDATION_TEXTS } from '@chat/contract';
import { messageFeedback } from '../../db/schema.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';

type User = Awaited<ReturnType<typeof chatUser>>;

/** A finished exchange of `user`: the conversation, the question's id and the reply's. */
async function converse(user: User, text: string) {
  const r = await user.ask({ text });
  const final = r.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${r.status}`);
  return {
    conversationId: final.conversation.conversationId,
    questionId: final.requestMessage.messageId,
    replyId: final.responseMessage.messageId,
  };
}

describe('message feedback over HTTP', () => {
  let h: ChatHarness;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    h = await startChatApp();
    alice = await chatUser(h, 'Alice');
    bob = await chatUser(h, 'Bob');
  });
  afterAll(() => h.close());

  const rate = (user: User, c: { conversationId: string }, messageId: string, body: unknown) =>
    user.api(`/api/messages/${c.conversationId}/${messageId}/feedback`, { method: 'PUT', body });
  const ratings = async (user: User, conversationId: string) => {
    const res = await user.api(`/api/messages/${conversationId}/feedback`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('rates a reply, changes the rating, and clears it', async () => {
    const c = await converse(alice, 'Rate me');
    expect(await ratings(alice, c.conversationId)).toEqual({ status: 200, body: {} });

    const up = await rate(alice, c, c.replyId, { feedback: { rating: 'thumbsUp' } });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      messageId: c.replyId,
      conversationId: c.conversationId,
      feedback: { rating: 'thumbsUp' },
    });

    const down = await rate(alice, c, c.replyId, {
      feedback: { rating: 'thumbsDown', tag: 'inaccurate', text: 'The date is wrong' },
    });
    expect(down.status).toBe(200);
    expect(await ratings(alice, c.conversationId)).toEqual({
      status: 200,
      body: { [c.replyId]: { rating: 'thumbsDown', tag: 'inaccurate', text: 'The date is wrong' } },
    });
    // One row per person and message, however often it is changed.
    const rows = await h.database.db.select().from(messageFeedback);
    expect(rows.filter((r) => r.messageId === c.replyId)).toHaveLength(1);

    const cleared = await rate(alice, c, c.replyId, { feedback: null });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { feedback: unknown }).feedback).toBeNull();
    expect((await ratings(alice, c.conversationId)).body).toEqual({});
    // No feedback field at all clears as well (LibreChat's `feedback || null`).
    await rate(alice, c, c.replyId, { feedback: { rating: 'thumbsUp' } });
    expect((await rate(alice, c, c.replyId, {})).status).toBe(200);
    expect((await ratings(alice, c.conversationId)).body).toEqual({});
  });

  it("answers 404 for someone else's conversation or message, and leaves the owner's rating alone", async () => {
    const c = await converse(alice, 'Mine only');
    await rate(alice, c, c.replyId, { feedback: { rating: 'thumbsUp', tag: 'creative_solution' } });

    const byBob = await rate(bob, c, c.replyId, { feedback: { rating: 'thumbsDown' } });
    expect(byBob.status).toBe(404);
    expect((await rate(bob, c, c.replyId, { feedback: null })).status).toBe(404);
    expect((await ratings(bob, c.conversationId)).status).toBe(404);
    // Bob's own conversation with Alice's message id: still not found.
    const own = await converse(bob, 'Bob here');
    expect((await rate(bob, own, c.replyId, { feedback: { rating: 'thumbsUp' } })).status).toBe(404);
    // Alice's message named under another conversation of hers: not found either.
    const other = await converse(alice, 'Another');
    expect((await rate(alice, other, c.replyId, { feedback: { rating: 'thumbsUp' } })).status).toBe(404);

    expect((await ratings(alice, c.conversationId)).body).toEqual({
      [c.replyId]: { rating: 'thumbsUp', tag: 'creative_solution' },
    });
  });

  it("refuses to rate the person's own message", async () => {
    const c = await converse(alice, 'My question');
    const res = await rate(alice, c, c.questionId, { feedback: { rating: 'thumbsUp' } });
    expect(res.status).toBe(400);
    expect((await ratings(alice, c.conversationId)).body).toEqual({});
  });

  it('refuses a bad body or bad ids with 400', async () => {
    const c = await converse(alice, 'Validate me');
    const bad: unknown[] = [
      { feedback: { rating: 'meh' } },
      { feedback: { rating: 'thumbsUp', tag: 'no_such_tag' } },
      // A reason of the other rating.
      { feedback: { rating: 'thumbsUp', tag: 'inaccurate' } },
      { feedback: { rating: 'thumbsDown', text: 'x'.repeat(1025) } },
      { feedback: { rating: 'thumbsDown', text: 42 } },
      { feedback: { rating: 'thumbsDown', extra: true } },
      { feedback: 'thumbsUp' },
    ];
    for (const body of bad) {
      const res = await rate(alice, c, c.replyId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('validation_error');
    }
    // The feature's own validation texts (contract feedback.ts): the key and its English together.
    const issues = async (body: unknown) =>
      (
        (await (await rate(alice, c, c.replyId, body)).json()) as {
          issues: { key?: string; message: string }[];
        }
      ).issues;
    expect(await issues({ feedback: { rating: 'thumbsUp', tag: 'inaccurate' } })).toEqual([
      expect.objectContaining({
        key: 'com_ui_feedback_tag_not_of_rating',
        message: VALIDATION_TEXTS.com_ui_feedback_tag_not_of_rating,
      }),
    ]);
    expect(await issues({ feedback: { rating: 'thumbsDown', text: 'x'.repeat(1025) } })).toEqual([
      expect.objectContaining({
        key: 'com_ui_feedback_text_too_long',
        message: 'Comment must be at most 1024 characters',
      }),
    ]);
    expect((await rate(alice, c, 'not-a-uuid', { feedback: { rating: 'thumbsUp' } })).status).toBe(400);
    expect((await ratings(alice, 'not-a-uuid')).status).toBe(400);
    expect((await ratings(alice, c.conversationId)).body).toEqual({});
  });

  it('takes the ratings away with the conversation', async () => {
    const c = await converse(alice, 'Soon gone');
    await rate(alice, c, c.replyId, { feedback: { rating: 'thumbsDown', tag: 'not_helpful' } });
    const before = await h.database.db.select().from(messageFeedback);
    expect(before.some((r) => r.conversationId === c.conversationId)).toBe(true);

    const res = await alice.api('/api/convos/clear', { body: { arg: { conversationId: c.conversationId } } });
    expect(res.status).toBe(200);
    const after = await h.database.db.select().from(messageFeedback);
    expect(after.some((r) => r.conversationId === c.conversationId)).toBe(false);
    expect((await ratings(alice, c.conversationId)).status).toBe(404);
  });
});
