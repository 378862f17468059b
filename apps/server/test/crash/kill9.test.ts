import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, CONTINUATION_REPLY, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { Conversation, FinalEvent, Message } from '@chat/contract';
import { askBody } from '../support/chat-harness.js';
import { registerUser, authed } from '../support/harness.js';
import { createdOf, deltasOf, postSse, type SseEvent } from '../support/sse-client.js';
import { createStore, killStarted, login, startServer, type Store } from './processes.js';

/**
 * kill -9 of the server mid-reply, then a restart on the same data: the user message is there,
 * the reply so far is there marked unfinished (flushed at least every second while streaming),
 * nothing is duplicated, and the reply can be continued.
 */
let fake: FakeOpenAIServer;
let store: Store;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  store = await createStore();
});
afterAll(async () => {
  killStarted();
  await fake.close();
  await store.remove();
});

const REPLY = Array.from({ length: 60 }, (_, i) => `t${i}`).join(' ');
const QUESTION = 'Tell me sixty tokens, slowly';
/** How far the saved text may lag behind the stream: the flush interval plus a slow write. */
const FLUSH_SLACK_MS = 1300;
/** Deltas read before the kill: ~2 s of streaming at 10 tokens/s, so the check above bites. */
const KILL_AFTER = 20;
/**
 * The test starts the server process twice; each start may take up to the minute `startServer`
 * allows (a loaded two-core machine took 10-15 s each), so the whole test gets both and the stream.
 */
const TWO_STARTS_MS = 150_000;

describe('kill -9 mid-reply', () => {
  it(
    'keeps the user message and the partial reply (unfinished), once each; Continue works',
    async () => {
      let server = await startServer(store, fake.url);
      const account = await registerUser(server.url, 'Crash Tester');

      // 10 tokens/s: after KILL_AFTER deltas (~2 s of streaming) the server is killed.
      fake.enqueue({ reply: REPLY, tokensPerSecond: 10 });
      let conversationId = '';
      let streamed = '';
      const timeline: { at: number; length: number }[] = [];
      let killedAt = 0;
      const reading = postSse(`${server.url}/api/ask/openAI`, account.token, askBody({ text: QUESTION }), {
        onEvent: (e: SseEvent) => {
          const created = createdOf(e);
          if (created) conversationId = created.conversationId;
          for (const text of deltasOf([e])) {
            streamed += text;
            timeline.push({ at: Date.now(), length: streamed.length });
          }
          if (timeline.length === KILL_AFTER && !killedAt) {
            killedAt = Date.now();
            server.signal('SIGKILL');
          }
        },
      }).catch(() => null); // the connection dies with the server
      expect(await server.exited).toMatchObject({ signal: 'SIGKILL' });
      await reading;
      expect(conversationId).not.toBe('');
      expect(timeline.at(-1)!.at - timeline[0]!.at).toBeGreaterThan(1000);
      // What had streamed FLUSH_SLACK_MS before the kill must have been flushed to the database.
      const flushedAtLeast = timeline.filter((p) => p.at <= killedAt - FLUSH_SLACK_MS).at(-1)?.length ?? 0;
      expect(flushedAtLeast).toBeGreaterThan(0);

      // Restart on the same data and log in again.
      server = await startServer(store, fake.url);
      const token = await login(server.url, account.email, account.password);
      const api = authed(server.url, token);

      const convo = (await (await api(`/api/convos/${conversationId}`)).json()) as Conversation;
      expect(convo.conversationId).toBe(conversationId);
      const saved = (await (await api(`/api/messages/${conversationId}`)).json()) as Message[];
      expect(saved).toHaveLength(2);
      const [question, reply] = saved as [Message, Message];
      expect(question).toMatchObject({ isCreatedByUser: true, text: QUESTION });
      expect(reply).toMatchObject({ isCreatedByUser: false, unfinished: true, error: false });
      expect(reply.parentMessageId).toBe(question.messageId);
      expect(reply.text.length).toBeGreaterThan(0);
      expect(REPLY.startsWith(reply.text)).toBe(true);
      expect(reply.text.length).toBeGreaterThanOrEqual(flushedAtLeast);

      // Nothing is running for it after the restart: Continue picks the reply up and completes it.
      const r = await postSse(
        `${server.url}/api/edit/openAI`,
        token,
        askBody({
          text: '',
          conversationId,
          parentMessageId: question.messageId,
          responseMessageId: reply.messageId,
          isContinued: true,
        }),
      );
      expect(r.status).toBe(200);
      const final = r.events.at(-1)!.data as FinalEvent;
      expect(final).toMatchObject({ final: true });
      expect(final.responseMessage).toMatchObject({
        messageId: reply.messageId,
        text: reply.text + CONTINUATION_REPLY,
        unfinished: false,
      });
      const after = (await (await api(`/api/messages/${conversationId}`)).json()) as Message[];
      expect(after.map((m) => m.messageId)).toEqual([question.messageId, reply.messageId]);

      server.signal('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
    TWO_STARTS_MS,
  );
});
