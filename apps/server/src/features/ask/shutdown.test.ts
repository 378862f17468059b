import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  isFinalEvent,
  type ErrorEvent,
  type FinalEvent,
} from '@chat/contract';
import { messages } from '../../db/schema.js';
import {
  askBody,
  chatUser,
  startChatApp,
  waitFor,
  type ChatHarness,
} from '../../../test/support/chat-harness.js';
import { createdOf, deltasOf, type SseEvent, type SseResult } from '../../../test/support/sse-client.js';

/** Graceful shutdown in-process: the drain guard, the deadline and what gets saved. */
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

async function slowReply(user: Awaited<ReturnType<typeof chatUser>>, reply: string, deltas = 3) {
  let conversationId = '';
  let seen = 0;
  const streaming: Promise<SseResult> = user.ask(
    { text: `Slow [[fake reply="${reply}" tps=20]]` },
    {
      onEvent: (e: SseEvent) => {
        const c = createdOf(e);
        if (c) conversationId = c.conversationId;
        else if (deltasOf([e]).length > 0) seen++;
      },
    },
  );
  await waitFor(() => seen >= deltas);
  return { conversationId, streaming };
}

async function savedReplies(conversationId: string) {
  return h!.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
}

describe('graceful shutdown', () => {
  it('refuses new requests with 503 service_unavailable and Retry-After while running replies finish', async () => {
    h = await startChatApp();
    const user = await chatUser(h);
    const reply = words(12);
    const { conversationId, streaming } = await slowReply(user, reply);

    const drained = h.app.lifecycle.shutdown(10_000);
    expect(h.app.lifecycle.draining).toBe(true);
    const refused = await user.api('/api/ask/openAI', { body: askBody({ text: 'Too late' }) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toMatchObject({ code: 'service_unavailable' });
    expect((await user.api('/api/convos')).status).toBe(503);
    // Stopping is still allowed (an unknown key: 404, not 503).
    const stop = await user.api('/api/ask/openAI/abort', { body: { abortKey: crypto.randomUUID() } });
    expect(stop.status).toBe(404);

    const r = await streaming;
    const final = r.events.at(-1)!.data as FinalEvent;
    expect(isFinalEvent(final)).toBe(true);
    expect(final.responseMessage.text).toBe(reply);
    expect(await drained).toBe(true);

    // Nothing of the refused request was saved: one conversation, its two messages, complete.
    const rows = await savedReplies(conversationId);
    expect(rows.map((m) => [m.isCreatedByUser, m.unfinished, m.text])).toEqual([
      [true, false, `Slow [[fake reply="${reply}" tps=20]]`],
      [false, false, reply],
    ]);
    const all = await h.database.db.select().from(messages);
    expect(all).toHaveLength(2);
  });

  it('past the deadline, stops running replies and saves them unfinished', async () => {
    h = await startChatApp();
    const user = await chatUser(h);
    const reply = words(200);
    const { conversationId, streaming } = await slowReply(user, reply);

    const started = Date.now();
    expect(await h.app.lifecycle.shutdown(300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);

    const r = await streaming;
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code: 'server_shutdown' });
    const partial = deltasOf(r.events).join('');
    expect(partial.length).toBeGreaterThan(0);
    expect(reply.startsWith(partial)).toBe(true);
    expect(err.responseMessage).toMatchObject({ text: partial, unfinished: true, error: false });

    const [, saved] = await savedReplies(conversationId);
    expect(saved).toMatchObject({ text: partial, unfinished: true, error: false, finishReason: 'abort' });
  });
});
