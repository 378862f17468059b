import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isResumedEvent, type AbortResponse, type ApiErrorBody, type ResumedEvent } from '@chat/contract';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import {
  createdOf,
  deltasOf,
  finalOf,
  type SseEvent,
  type SseResult,
} from '../../../test/support/sse-client.js';

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

/** Starts a slow reply, reads `created` + `deltas` delta events, then drops the connection. */
async function startAndDrop(reply: string, deltas = 2) {
  const r = await alice.ask({ text: `Tell me [[fake reply="${reply}" tps=10]]` }, { stopAfter: 1 + deltas });
  expect(r.disconnected).toBe(true);
  const created = createdOf(r.events[0]!)!;
  return { conversationId: created.conversationId, seen: r };
}

/** The text a resumed stream ends up with: the snapshot's text (if any) + its deltas. */
function resumedText(r: SseResult): string {
  const first = r.events[0]?.data;
  const base = first && isResumedEvent(first) ? first.responseMessage.text : '';
  return base + deltasOf(r.events.slice(1, -1)).join('');
}

describe('GET /api/ask/stream/:conversationId', () => {
  it('resumes a running reply: snapshot, then the following deltas, then the final event', async () => {
    const reply = words(25);
    const { conversationId, seen } = await startAndDrop(reply);
    const r = await alice.resume(conversationId);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const snapshot = r.events[0]!.data as ResumedEvent;
    expect(snapshot).toMatchObject({
      resumed: true,
      conversationId,
      requestMessage: { isCreatedByUser: true },
      responseMessage: { unfinished: true, isCreatedByUser: false },
    });
    expect(snapshot.responseMessage.messageId).toBe(createdOf(seen.events[0]!)!.responseMessageId);
    expect(snapshot.responseMessage.text.length).toBeGreaterThanOrEqual(
      deltasOf(seen.events).join('').length,
    );
    expect(reply.startsWith(snapshot.responseMessage.text)).toBe(true);

    // Ids go on from the snapshot's (the id of the last event sent before it).
    const ids = r.events.map((e) => e.id!);
    expect(ids.slice(1)).toEqual(ids.slice(1).map((_, i) => ids[0]! + 1 + i));

    const final = finalOf(r.events);
    expect(final).toMatchObject({ final: true, responseMessage: { text: reply, unfinished: false } });
    expect(resumedText(r)).toBe(reply);
    const saved = await alice.messages(conversationId);
    expect(saved[1]!.text).toBe(reply);
  });

  it('resumes a long reply whose saved start memory no longer keeps: the snapshot starts with the saved text', async () => {
    const reply = words(1500, 'x');
    const r0 = await alice.ask({ text: `Long [[fake reply="${reply}" tps=250]]` }, { stopAfter: 3 });
    const created = createdOf(r0.events[0]!)!;
    const early = r0.events.at(-1)!.id!;
    // Well past a block of 128 pieces and a save of it (the flusher's tick is a second).
    await waitFor(async () => {
      const saved = await alice.messages(created.conversationId);
      return (saved[1]?.text.split(' ').length ?? 0) >= 900;
    }, 10_000);
    const [fresh, fromEarly] = await Promise.all([
      alice.resume(created.conversationId),
      alice.resume(created.conversationId, { lastEventId: early }),
    ]);
    for (const r of [fresh, fromEarly]) {
      const snapshot = r.events[0]!.data as ResumedEvent;
      expect(snapshot).toMatchObject({ resumed: true, responseMessage: { unfinished: true } });
      expect(snapshot.responseMessage.text.split(' ').length).toBeGreaterThanOrEqual(900);
      expect(reply.startsWith(snapshot.responseMessage.text)).toBe(true);
      expect(resumedText(r)).toBe(reply);
      expect(finalOf(r.events)).toMatchObject({ responseMessage: { text: reply, unfinished: false } });
    }
    const saved = await alice.messages(created.conversationId);
    expect(saved[1]!.text).toBe(reply);
  }, 20_000);

  it('sends only the missed deltas after Last-Event-ID (header or query), with their ids', async () => {
    const reply = words(25, 'l');
    const { conversationId, seen } = await startAndDrop(reply);
    const lastId = seen.events.at(-1)!.id!;
    const seenText = deltasOf(seen.events).join('');

    const [byHeader, byQuery] = await Promise.all([
      alice.resume(conversationId, { lastEventId: lastId }),
      alice.api(`/api/ask/stream/${conversationId}?lastEventId=${lastId}`).then(async (res) => {
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        return res.text();
      }),
    ]);
    expect(byHeader.events.some((e) => isResumedEvent(e.data))).toBe(false);
    expect(byHeader.events[0]!.id).toBe(lastId + 1);
    expect(seenText + deltasOf(byHeader.events.slice(0, -1)).join('')).toBe(reply);
    expect(finalOf(byHeader.events).responseMessage.text).toBe(reply);
    expect(byQuery).not.toContain('"resumed":true');
    expect(byQuery).toContain(`id: ${lastId + 1}\n`);

    // An id the reply never had: the snapshot instead.
    const other = await startAndDrop(words(15, 'o'));
    const unknown = await alice.resume(other.conversationId, { lastEventId: 99_999 });
    expect(isResumedEvent(unknown.events[0]!.data)).toBe(true);
    expect(resumedText(unknown)).toBe(words(15, 'o'));
  });

  it('two concurrent resumers and the original response all get the whole reply', async () => {
    const reply = words(25, 'c');
    let conversationId = '';
    let seen = 0;
    const original = alice.ask(
      { text: `Share [[fake reply="${reply}" tps=10]]` },
      {
        onEvent: (e: SseEvent) => {
          conversationId = createdOf(e)?.conversationId ?? conversationId;
          if (deltasOf([e]).length) seen++;
        },
      },
    );
    await waitFor(() => seen >= 2);
    const [a, b] = await Promise.all([alice.resume(conversationId), alice.resume(conversationId)]);
    expect(resumedText(a)).toBe(reply);
    expect(resumedText(b)).toBe(reply);
    const o = await original;
    expect(deltasOf(o.events).join('')).toBe(reply);
    expect(finalOf(a.events).responseMessage).toEqual(finalOf(o.events).responseMessage);
    expect(finalOf(b.events).responseMessage).toEqual(finalOf(o.events).responseMessage);
  });

  it('a resumer that leaves does not stop the reply; a stop reaches the resumers', async () => {
    const reply = words(40, 's');
    const { conversationId } = await startAndDrop(reply);
    const left = await alice.resume(conversationId, { stopAfter: 2 });
    expect(left.disconnected).toBe(true);

    // The stop is sent once the resumer is attached: its first event has arrived.
    let attached: () => void = () => {};
    const isAttached = new Promise<void>((resolve) => (attached = resolve));
    const resumed = alice.resume(conversationId, { onEvent: () => attached() });
    await isAttached;
    const res = await alice.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } });
    expect(res.status).toBe(200);
    const aborted = (await res.json()) as AbortResponse;
    const r = await resumed;
    expect(finalOf(r.events)).toMatchObject({ final: true, responseMessage: { unfinished: true } });
    expect(resumedText(r)).toBe(aborted.responseMessage.text);
    expect(reply.startsWith(aborted.responseMessage.text)).toBe(true);
  });

  it("404s for another user's reply and after the reply ended; 400 for a bad id", async () => {
    const reply = words(20, 'n');
    const { conversationId } = await startAndDrop(reply);

    const intruder = await bob.resume(conversationId);
    expect(intruder.status).toBe(404);
    expect(intruder.json as ApiErrorBody).toMatchObject({ code: 'not_found' });
    expect(typeof (intruder.json as ApiErrorBody).message).toBe('string');

    await h.app.lifecycle.drain();
    const ended = await alice.resume(conversationId);
    expect(ended.status).toBe(404);
    expect((ended.json as ApiErrorBody).code).toBe('not_found');
    expect((await alice.messages(conversationId))[1]).toMatchObject({ text: reply, unfinished: false });

    const nothing = await alice.resume(crypto.randomUUID());
    expect(nothing.status).toBe(404);
    const bad = await alice.resume('not-a-uuid');
    expect(bad.status).toBe(400);
    expect((bad.json as ApiErrorBody).code).toBe('validation_error');

    const anonymous = await fetch(`${h.url}/api/ask/stream/${conversationId}`);
    expect(anonymous.status).toBe(401);
  });
});
