import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbortResponse, ErrorEvent, FinalEvent } from '@chat/contract';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { createdOf, deltasOf, type SseEvent } from '../../../test/support/sse-client.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
let bob: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp();
  alice = await chatUser(h, 'Alice');
  bob = await chatUser(h, 'Bob');
});
afterAll(() => h.close());

const words = (n: number, p = 'w') => Array.from({ length: n }, (_, i) => `${p}${i}`).join(' ');

/** Starts a slow reply and resolves once `deltas` delta events have arrived. */
async function startSlow(reply: string, deltas = 2) {
  let conversationId = '';
  let seen = 0;
  const streaming = alice.ask(
    { text: `Stop me [[fake reply="${reply}" tps=20]]` },
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

describe('abort', () => {
  it('stops the reply, saves the partial text as unfinished and lets the stream settle', async () => {
    const reply = words(40);
    const { conversationId, streaming } = await startSlow(reply);

    const intruder = await bob.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } });
    expect(intruder.status).toBe(404);

    const res = await alice.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AbortResponse;
    expect(body.responseMessage.unfinished).toBe(true);
    expect(body.responseMessage.error).toBe(false);
    expect(body.responseMessage.finish_reason).toBe('abort');
    expect(body.responseMessage.text.length).toBeGreaterThan(0);
    expect(reply.startsWith(body.responseMessage.text)).toBe(true);
    expect(body.requestMessage?.isCreatedByUser).toBe(true);
    expect(body.conversation.conversationId).toBe(conversationId);

    const r = await streaming;
    const final = r.events.at(-1)!.data as FinalEvent;
    expect(final.final).toBe(true);
    expect(final.responseMessage.text).toBe(body.responseMessage.text);
    expect(deltasOf(r.events.slice(1, -1)).join('')).toBe(body.responseMessage.text);

    const saved = await alice.messages(conversationId);
    expect(saved[1]).toMatchObject({ text: body.responseMessage.text, unfinished: true });

    const again = await alice.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } });
    expect(again.status).toBe(404);
  });

  it('works on the edit path too and 404s for unknown keys', async () => {
    const { conversationId, streaming } = await startSlow(words(30, 'e'));
    const res = await alice.api('/api/edit/openAI/abort', { body: { abortKey: conversationId } });
    expect(res.status).toBe(200);
    await streaming;
    const unknown = await alice.api('/api/ask/openAI/abort', { body: { abortKey: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
  });

  it('deleting the conversation stops its running reply', async () => {
    const { conversationId, streaming } = await startSlow(words(40, 'd'));
    const res = await alice.api('/api/convos/clear', { body: { arg: { conversationId } } });
    expect(res.status).toBe(200);
    const r = await streaming;
    expect(r.events.at(-1)!.data).toMatchObject({ error: true, code: 'not_found' });
    await h.app.lifecycle.drain();
  });
});

describe('upstream failures', () => {
  it.each([
    [401, 'upstream_auth'],
    [429, 'upstream_rate_limited'],
    [500, 'upstream_error'],
  ])('status %i ends the stream with an error event coded %s', async (status, code) => {
    const r = await alice.ask({ text: `Fail [[fake status=${status}]]` });
    expect(r.status).toBe(200);
    expect(r.events.map((e) => e.id)).toEqual([0, 1]);
    const err = r.events[1]!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code });
    expect(err.message.length).toBeGreaterThan(0);
    expect(err.responseMessage).toMatchObject({
      error: true,
      unfinished: false,
      text: JSON.stringify({ code, message: err.message }),
    });
    expect(err.requestMessage?.isCreatedByUser).toBe(true);
    const saved = await alice.messages(err.conversation!.conversationId);
    expect(saved[1]).toMatchObject({ error: true });
  });

  it('keeps the partial text when the connection drops mid-reply', async () => {
    const r = await alice.ask({ text: `Drop [[fake reply="${words(10)}" failAfter=4 tps=100]]` });
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code: 'upstream_error' });
    expect(err.responseMessage?.text).toBe(words(4));
    expect(deltasOf(r.events.slice(1, -1)).join('')).toBe(words(4));
    const saved = await alice.messages(err.conversation!.conversationId);
    expect(saved[1]).toMatchObject({ error: true, text: words(4) });
  });
});
