import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { ApiErrorBody } from '@chat/contract';
import {
  chatUser,
  fakeEndpoint,
  startChatApp,
  type ChatHarness,
} from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { deltasOf, finalOf } from '../../../test/support/sse-client.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
let bob: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp();
  alice = await chatUser(h, 'Alice');
  bob = await chatUser(h, 'Bob');
});
afterAll(() => h.close());

/** Streamed chat requests the upstream saw (background title requests are not streamed). */
const chatRequests = () =>
  h.fake.requests.filter((r) => r.path === '/v1/chat/completions' && (r.body as { stream?: boolean }).stream)
    .length;

describe('a reply with characters the database cannot store', () => {
  it('is streamed, saved and reloaded with U+FFFD in their place', async () => {
    const emitted = 'Zero\u0000byte, lone \uD800 surrogate, emoji 😀 kept\u0000';
    const storable = 'Zero\uFFFDbyte, lone \uFFFD surrogate, emoji 😀 kept\uFFFD';
    h.fake.enqueue({ reply: emitted });
    const r = await alice.ask({ text: 'Say something odd' });
    expect(r.status).toBe(200);
    expect(deltasOf(r.events.slice(1, -1)).join('')).toBe(storable);
    const final = finalOf(r.events);
    expect(final.final).toBe(true);
    expect(final.responseMessage).toMatchObject({ text: storable, error: false, unfinished: false });
    const saved = await alice.messages(final.conversation.conversationId);
    expect(saved.map((m) => m.text)).toEqual(['Say something odd', storable]);
  });
});

describe('POST /api/ask: messageId taken', () => {
  it("answers the same 409 for another user's id as for one's own, without saying it exists", async () => {
    const first = await alice.ask({ text: 'Mine' });
    const aliceId = finalOf(first.events).requestMessage.messageId;
    const own = await alice.ask({ text: 'Again', messageId: aliceId });
    const others = await bob.ask({ text: 'Theirs', messageId: aliceId });
    expect(own.status).toBe(409);
    expect(others.status).toBe(409);
    expect(others.json).toEqual(own.json);
    const err = others.json as ApiErrorBody;
    expect(err.code).toBe('id_conflict');
    expect(err.message).not.toMatch(/exist|already|another|other user|owner/i);
    // A fresh id still works.
    expect((await bob.ask({ text: 'Theirs', messageId: randomUUID() })).status).toBe(200);
  });
});

describe('POST /api/ask: models', () => {
  it('refuses a model the endpoint does not offer, before anything reaches the upstream', async () => {
    const before = chatRequests();
    for (const model of ['gpt-4-unlisted', 'o1-pro', 'GPT-4O-MINI', 'x'.repeat(256)]) {
      const r = await alice.ask({ text: 'Expensive?', model });
      expect(r.status, model).toBe(400);
      const err = r.json as ApiErrorBody;
      expect(err.code).toBe('unknown_model');
      expect(err.message).toMatch(/is not offered by the openAI endpoint/);
    }
    expect(chatRequests()).toBe(before);
    const convos = (await (await alice.api('/api/convos')).json()) as { conversations: { title: string }[] };
    expect(convos.conversations.some((c) => c.title === 'Expensive?')).toBe(false);
  });

  it('also on regenerate and edit', async () => {
    const first = finalOf((await alice.ask({ text: 'Base' })).events);
    const r = await alice.ask(
      {
        text: 'Base',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.requestMessage.messageId,
        isRegenerate: true,
        model: 'gpt-unlisted',
      },
      undefined,
      'edit',
    );
    expect(r.status).toBe(400);
    expect((r.json as ApiErrorBody).code).toBe('unknown_model');
  });

  describe('an endpoint configured to allow any model', () => {
    let fake: FakeOpenAIServer;
    let open: Harness;
    beforeAll(async () => {
      fake = await startFakeOpenAI();
      open = await startTestApp({ endpoints: [{ ...fakeEndpoint(fake), allowAnyModel: true }] });
    });
    afterAll(async () => {
      await open.close();
      await fake.close();
    });

    it('forwards a model name it does not list', async () => {
      const carol = await chatUser(open, 'Carol');
      const r = await carol.ask({ text: 'Hi', model: 'my-local-llama' });
      expect(r.status).toBe(200);
      expect(finalOf(r.events).conversation.model).toBe('my-local-llama');
      const sent = fake.requests.find((q) => (q.body as { stream?: boolean }).stream);
      expect((sent?.body as { model: string }).model).toBe('my-local-llama');
    });
  });
});
