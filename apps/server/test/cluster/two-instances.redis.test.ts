import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  isErrorEvent,
  isResumedEvent,
  type AbortResponse,
  type ApiErrorBody,
  type ErrorEvent,
  type Message,
} from '@chat/contract';
import { askBody } from '../support/chat-harness.js';
import { authed, registerUser, type TestUser } from '../support/harness.js';
import { createdOf, deltasOf, finalOf, getSse, postSse, type SseEvent } from '../support/sse-client.js';
import { killStarted, type ServerProcess } from '../crash/processes.js';
import { createCluster, type Cluster } from './instances.js';

/**
 * Two app instances (separate processes) on one PostgreSQL and one Redis: whichever instance a
 * request lands on, a reply can be stopped, resumed and followed, limits add up to one limit, a
 * ban or a sign-out counts everywhere at once, and a reply whose instance is killed is saved
 * unfinished and its followers told, within the lease.
 */
const ADMIN_EMAIL = 'operator@example.com';
const MESSAGE_USER_MAX = 3;
const LOGIN_MAX = 4;
let fake: FakeOpenAIServer;
let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
/** The instance the kill -9 test kills. */
let doomed: ServerProcess;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  cluster = await createCluster(fake.url, {
    ADMIN_EMAIL,
    LIMIT_MESSAGE_USER: 'true',
    MESSAGE_USER_MAX: String(MESSAGE_USER_MAX),
    LIMIT_MESSAGE_IP: 'false',
    REGISTER_MAX: '100',
    LOGIN_MAX: String(LOGIN_MAX),
  });
  // One after the other: the first one migrates the database.
  a = await cluster.start();
  [b, doomed] = await Promise.all([cluster.start(), cluster.start()]);
}, 150_000);
afterAll(async () => {
  killStarted();
  await fake.close();
  await cluster.remove();
});

let operator: TestUser | undefined;
/** The operator's account (registered once, by the first test that needs it). */
const theOperator = async () => (operator ??= await registerUser(a.url, 'Operator', ADMIN_EMAIL));

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');

/** Starts a reply through `server` and resolves once `deltas` deltas arrived (the stream goes on). */
function startReply(
  server: ServerProcess,
  user: TestUser,
  deltas: number,
  body: Record<string, unknown> = {},
) {
  let conversationId = '';
  const events: SseEvent[] = [];
  let resolveSeen!: () => void;
  const seen = new Promise<void>((r) => (resolveSeen = r));
  const reading = postSse(
    `${server.url}/api/ask/openAI`,
    user.token,
    askBody({ text: 'Go slowly', ...body }),
    {
      onEvent: (e) => {
        events.push(e);
        const created = createdOf(e);
        if (created) conversationId = created.conversationId;
        if (deltasOf(events).length === deltas) resolveSeen();
      },
    },
  );
  reading.catch(() => resolveSeen());
  return { seen: seen.then(() => conversationId), reading, events };
}

describe('two instances over PostgreSQL and Redis', () => {
  it('a reply started through A is stopped through B, which answers with the saved reply', async () => {
    const user = await registerUser(a.url, 'Stopper');
    const reply = words(80, 'a');
    fake.enqueue({ reply, tokensPerSecond: 20 });
    const started = startReply(a, user, 5);
    const conversationId = await started.seen;

    const res = await authed(b.url, user.token)('/api/ask/openAI/abort', {
      body: { abortKey: conversationId },
    });
    expect(res.status).toBe(200);
    const aborted = (await res.json()) as AbortResponse;
    const r = await started.reading;
    expect(finalOf(r.events)).toMatchObject({ final: true, responseMessage: { unfinished: true } });
    const streamed = deltasOf(r.events).join('');
    expect(aborted.responseMessage.text).toBe(streamed);
    expect(aborted.responseMessage).toMatchObject({ unfinished: true, error: false });
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.length).toBeLessThan(reply.length);
    expect(reply.startsWith(streamed)).toBe(true);

    // Nothing runs any more, on either instance: 404 as the spec says.
    const again = await authed(b.url, user.token)('/api/ask/openAI/abort', {
      body: { abortKey: conversationId },
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as ApiErrorBody).code).toBe('not_found');
  });

  it('another user cannot stop the reply through the other instance', async () => {
    const owner = await registerUser(a.url, 'Owner');
    const intruder = await registerUser(b.url, 'Intruder');
    fake.enqueue({ reply: words(30, 'o'), tokensPerSecond: 40 });
    const started = startReply(a, owner, 2);
    const conversationId = await started.seen;
    const res = await authed(b.url, intruder.token)('/api/ask/openAI/abort', {
      body: { abortKey: conversationId },
    });
    expect(res.status).toBe(404);
    const resumed = await getSse(`${b.url}/api/ask/stream/${conversationId}`, intruder.token);
    expect(resumed.status).toBe(404);
    const r = await started.reading;
    expect(finalOf(r.events).responseMessage).toMatchObject({ unfinished: false, text: words(30, 'o') });
  });

  it('a client of A that drops resumes through B with exactly the rest; a new client of B sees it streaming', async () => {
    const user = await registerUser(a.url, 'Resumer');
    const reply = words(70, 'r');
    fake.enqueue({ reply, tokensPerSecond: 25 });
    const first = await postSse(`${a.url}/api/ask/openAI`, user.token, askBody({ text: 'Go' }), {
      stopAfter: 8,
    });
    expect(first.disconnected).toBe(true);
    const conversationId = createdOf(first.events[0]!)!.conversationId;
    const lastId = first.events.at(-1)!.id!;
    const before = deltasOf(first.events).join('');
    expect(before.length).toBeGreaterThan(0);

    // A second reply in that conversation is refused on the other instance too.
    const conflict = await postSse(
      `${b.url}/api/ask/openAI`,
      user.token,
      askBody({
        text: 'Again',
        conversationId,
        parentMessageId: createdOf(first.events[0]!)!.message.messageId,
      }),
    );
    expect(conflict.status).toBe(409);

    const [resumed, opened] = await Promise.all([
      getSse(`${b.url}/api/ask/stream/${conversationId}`, user.token, { 'last-event-id': String(lastId) }),
      getSse(`${b.url}/api/ask/stream/${conversationId}`, user.token),
    ]);
    expect(resumed.status).toBe(200);
    const ids = resumed.events.map((e) => e.id!);
    expect(ids[0]).toBeGreaterThan(lastId);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(resumed.events.some((e) => isResumedEvent(e.data))).toBe(false);
    expect(before + deltasOf(resumed.events).join('')).toBe(reply);
    expect(finalOf(resumed.events).responseMessage).toMatchObject({ text: reply, unfinished: false });

    // Opening the conversation on B without an event id: the text so far, then the rest.
    expect(opened.status).toBe(200);
    const snapshot = opened.events[0]!.data;
    expect(isResumedEvent(snapshot)).toBe(true);
    const start = isResumedEvent(snapshot) ? snapshot.responseMessage.text : '';
    expect(start + deltasOf(opened.events.slice(1)).join('')).toBe(reply);
    expect(finalOf(opened.events).responseMessage.text).toBe(reply);
  });

  it(`a message limit of ${MESSAGE_USER_MAX} holds across both instances`, async () => {
    const user = await registerUser(a.url, 'Limited');
    const statuses: number[] = [];
    for (const [i, server] of [a, b, a, b, a].entries()) {
      // Only the sends within the limit reach the upstream.
      if (i < MESSAGE_USER_MAX) fake.enqueue({ reply: 'ok' });
      const r = await postSse(`${server.url}/api/ask/openAI`, user.token, askBody({ text: 'Hi' }));
      statuses.push(r.status);
      if (r.status !== 200) expect((r.json as ApiErrorBody).code).toBe('message_limit');
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it(`a login limit of ${LOGIN_MAX} attempts holds across both instances`, async () => {
    const user = await registerUser(a.url, 'Forgetful');
    const codes: string[] = [];
    for (const server of [a, b, a, b, b, a]) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'not the password' }),
      });
      codes.push(`${res.status} ${((await res.json()) as ApiErrorBody).code}`);
    }
    const limited = `429 login_rate_limited`;
    expect(codes.slice(0, LOGIN_MAX).every((c) => c !== limited && c.startsWith('4'))).toBe(true);
    expect(codes.slice(LOGIN_MAX)).toEqual([limited, limited]);
  });

  it('a ban made on A refuses on B at once; so does signing out everywhere', async () => {
    const operator = await theOperator();
    const target = await registerUser(b.url, 'Target');
    const onB = authed(b.url, target.token);
    // B has answered this token: its session and "not banned" are cached there.
    expect((await onB('/api/user')).status).toBe(200);
    const ban = await authed(a.url, operator.token)('/api/admin/banUser', { body: { email: target.email } });
    expect(ban.status).toBe(200);
    const refused = await onB('/api/user');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).code).toBe('banned');

    const leaver = await registerUser(a.url, 'Leaver');
    const leaverOnB = authed(b.url, leaver.token);
    expect((await leaverOnB('/api/user')).status).toBe(200);
    expect((await authed(a.url, leaver.token)('/api/auth/logout/all', { body: {} })).status).toBe(200);
    expect((await leaverOnB('/api/user')).status).toBe(401);
  });

  it("a ban made on A stops the user's reply running on B at once, saved unfinished", async () => {
    const operator = await theOperator();
    const target = await registerUser(b.url, 'Banned While Streaming');
    const reply = words(200, 'z');
    fake.enqueue({ reply, tokensPerSecond: 10 });
    const started = startReply(b, target, 3);
    const conversationId = await started.seen;
    const ban = await authed(a.url, operator.token)('/api/admin/banUser', { body: { email: target.email } });
    expect(ban.status).toBe(200);
    const bannedAt = Date.now();
    const r = await started.reading;
    // Stopped by the ban, not run to its end (20 s at this rate).
    expect(Date.now() - bannedAt).toBeLessThan(5000);
    const last = r.events.at(-1)!.data as ErrorEvent;
    expect(last).toMatchObject({ error: true, code: 'banned' });
    expect(last.responseMessage).toMatchObject({ unfinished: true, error: false });
    const saved = last.responseMessage!.text;
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(reply.length);
    expect(reply.startsWith(saved)).toBe(true);
    expect(conversationId).not.toBe('');
  });

  it('kill -9 of the instance generating: within the lease the reply is saved unfinished and followers get the error', async () => {
    const user = await registerUser(doomed.url, 'Survivor');
    const reply = words(120, 'k');
    fake.enqueue({ reply, tokensPerSecond: 10 });
    const started = startReply(doomed, user, 6);
    const conversationId = await started.seen;

    // A follower on B, and the kill once it is following.
    let followed = '';
    let killedAt = 0;
    let errorAt = 0;
    const follower = getSse(
      `${b.url}/api/ask/stream/${conversationId}`,
      user.token,
      {},
      {
        onEvent: (e) => {
          if (isResumedEvent(e.data)) followed = e.data.responseMessage.text;
          else if (isErrorEvent(e.data)) errorAt = Date.now();
          else followed += deltasOf([e]).join('');
          if (!killedAt && followed.length > 0) {
            killedAt = Date.now();
            doomed.signal('SIGKILL');
          }
        },
      },
    );
    expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
    await started.reading.catch(() => null);
    const r = await follower;
    const error = r.events.at(-1)!.data as ErrorEvent;
    expect(error).toMatchObject({ error: true, code: 'server_shutdown' });
    expect(errorAt - killedAt).toBeLessThan(10_000);
    expect(error.responseMessage).toMatchObject({ unfinished: true, error: false });
    const savedText = error.responseMessage!.text;
    expect(savedText.length).toBeGreaterThanOrEqual(followed.length);
    expect(savedText.startsWith(followed)).toBe(true);
    expect(reply.startsWith(savedText)).toBe(true);
    expect(savedText.length).toBeLessThan(reply.length);

    const api = authed(b.url, user.token);
    const saved = (await (await api(`/api/messages/${conversationId}`)).json()) as Message[];
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ text: savedText, unfinished: true, error: false });
    // Nothing is left running: the conversation takes a new reply.
    expect((await getSse(`${b.url}/api/ask/stream/${conversationId}`, user.token)).status).toBe(404);
    fake.enqueue({ reply: 'after' });
    const next = await postSse(
      `${b.url}/api/ask/openAI`,
      user.token,
      askBody({ text: 'Still there?', conversationId, parentMessageId: saved[1]!.messageId }),
    );
    expect(next.status).toBe(200);
    expect(finalOf(next.events).responseMessage.text).toBe('after');
  }, 60_000);
  it('SIGTERM: the instance finishes its reply, lets its claim go and exits cleanly', async () => {
    const user = await registerUser(a.url, 'Restarted');
    const reply = words(20, 's');
    fake.enqueue({ reply, tokensPerSecond: 40 });
    const started = startReply(a, user, 2);
    const conversationId = await started.seen;
    a.signal('SIGTERM');
    const r = await started.reading;
    expect(finalOf(r.events).responseMessage).toMatchObject({ text: reply, unfinished: false });
    expect(await a.exited).toEqual({ code: 0, signal: null });

    const api = authed(b.url, user.token);
    const saved = (await (await api(`/api/messages/${conversationId}`)).json()) as Message[];
    expect((await getSse(`${b.url}/api/ask/stream/${conversationId}`, user.token)).status).toBe(404);
    fake.enqueue({ reply: 'next' });
    const next = await postSse(
      `${b.url}/api/ask/openAI`,
      user.token,
      askBody({ text: 'And now?', conversationId, parentMessageId: saved[1]!.messageId }),
    );
    expect(next.status).toBe(200);
    expect(finalOf(next.events).responseMessage.text).toBe('next');
  }, 60_000);
});
