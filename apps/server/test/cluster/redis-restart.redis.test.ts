import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { isResumedEvent, type Message } from '@chat/contract';
import { waitFor } from '../support/chat-harness.js';
import { askBody } from '../support/chat-harness.js';
import { authed, registerUser, type TestUser } from '../support/harness.js';
import { startOwnRedis } from '../support/own-redis.js';
import { createdOf, deltasOf, finalOf, getSse, postSse, type SseEvent } from '../support/sse-client.js';
import { killStarted, type ServerProcess } from '../crash/processes.js';
import { createCluster, type Cluster } from './instances.js';

/**
 * Two instances on one PostgreSQL and a Redis of the test's own, which is killed mid-reply and
 * comes back empty: Redis holds nothing that must survive it. The replies running on both
 * instances carry on and finish whole, a follower on the other instance carries on, and what
 * Redis held of them (claims, leases, concurrent slots) is written back by their instances.
 */
let fake: FakeOpenAIServer;
let redis: Awaited<ReturnType<typeof startOwnRedis>>;
let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  redis = await startOwnRedis();
  cluster = await createCluster(fake.url, {
    REDIS_URL: redis.url,
    LIMIT_CONCURRENT_MESSAGES: 'true',
    CONCURRENT_MESSAGE_MAX: '1',
    LIMIT_MESSAGE_USER: 'false',
    LIMIT_MESSAGE_IP: 'false',
  });
  a = await cluster.start();
  b = await cluster.start();
}, 150_000);
afterAll(async () => {
  killStarted();
  await fake.close();
  await cluster.remove();
  await redis.stop();
});

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');

function startReply(server: ServerProcess, user: TestUser) {
  let conversationId = '';
  const events: SseEvent[] = [];
  const ended = { at: 0 };
  const reading = postSse(`${server.url}/api/ask/openAI`, user.token, askBody({ text: 'Go slowly' }), {
    onEvent: (e) => {
      if ((e.data as { final?: boolean }).final) ended.at = Date.now();
      events.push(e);
      const created = createdOf(e);
      if (created) conversationId = created.conversationId;
    },
  });
  return { reading, events, ended, conversationId: () => conversationId };
}

describe('Redis restarts empty while replies run', () => {
  it('the replies on both instances and a follower carry on and finish whole; claims, leases and slots are written back', async () => {
    const one = await registerUser(a.url, 'Redis Restart One');
    const two = await registerUser(b.url, 'Redis Restart Two');
    const three = await registerUser(a.url, 'Redis Restart Three');
    // C (16 tokens, 2 s) outlasts its follower's connecting on a loaded machine, and its end, which
    // waits about a second on Redis's commands while Redis is away, still comes within the 5 s
    // outage; A and B (10 s each) outlast that outage.
    const replyA = words(250, 'a');
    const replyB = words(250, 'b');
    const replyC = words(16, 'c');
    fake.enqueue({ reply: replyA, tokensPerSecond: 25 });
    const onA = startReply(a, one);
    await waitFor(() => deltasOf(onA.events).length >= 3, 20_000);
    fake.enqueue({ reply: replyB, tokensPerSecond: 25 });
    const onB = startReply(b, two);
    await waitFor(() => deltasOf(onB.events).length >= 3, 20_000);
    const convA = onA.conversationId();
    const convB = onB.conversationId();

    // A follower of A's reply on B (through B's Redis stream tail).
    let followed = '';
    const follower = getSse(
      `${b.url}/api/ask/stream/${convA}`,
      one.token,
      {},
      {
        onEvent: (e) => {
          if (isResumedEvent(e.data)) followed = e.data.responseMessage.text;
          else followed += deltasOf([e]).join('');
        },
      },
    );
    await waitFor(() => followed.length > 0, 10_000);

    // A short reply on A, followed on B, that ends while Redis is away: its end is written once
    // Redis is back, so the follower gets the rest and the final.
    fake.enqueue({ reply: replyC, tokensPerSecond: 8 });
    const onC = startReply(a, three);
    await waitFor(() => deltasOf(onC.events).length >= 1, 10_000);
    const convC = onC.conversationId();
    let followedC = '';
    const followerC = getSse(
      `${b.url}/api/ask/stream/${convC}`,
      three.token,
      {},
      {
        onEvent: (e) => {
          if (isResumedEvent(e.data)) followedC = e.data.responseMessage.text;
          else followedC += deltasOf([e]).join('');
        },
      },
    );
    await waitFor(() => followedC.length > 0, 10_000);

    // Redis dies and comes back empty.
    await redis.kill();
    await new Promise((r) => setTimeout(r, 5000));
    await redis.start();
    const backAt = Date.now();

    // Each instance writes back what it holds: claim, lease, concurrent slot.
    const raw = redis.connect();
    try {
      const p = cluster.prefix;
      await waitFor(async () => {
        const [leaseA, leaseB, ownerA, ownerB, slotsOne, slotsTwo] = await Promise.all([
          raw.zscore(`${p}ask:leases`, convA),
          raw.zscore(`${p}ask:leases`, convB),
          raw.hget(`${p}ask:reply:${convA}`, 'owner'),
          raw.hget(`${p}ask:reply:${convB}`, 'owner'),
          raw.zcard(`${p}limit:slots:concurrent:${one.user.id}`),
          raw.zcard(`${p}limit:slots:concurrent:${two.user.id}`),
        ]);
        return (
          !!leaseA &&
          !!leaseB &&
          !!ownerA &&
          !!ownerB &&
          ownerA !== ownerB &&
          slotsOne === 1 &&
          slotsTwo === 1
        );
      }, 8000);
      // A's reply went back into its stream with a sync entry (the whole text so far), from which
      // the follower on B gets what it missed while Redis was down.
      const entries = await raw.xrange(`${p}ask:reply:${convA}:events`, '-', '+');
      expect(entries.some(([, fields]) => fields.includes('y'))).toBe(true);
      // The slot is back: a second reply of the same user is still refused while the first runs.
      const second = await postSse(`${b.url}/api/ask/openAI`, one.token, askBody({ text: 'Another' }));
      expect(second.status).toBe(429);
    } finally {
      raw.disconnect();
    }

    const [ra, rb, rf, rc, rfc] = await Promise.all([
      onA.reading,
      onB.reading,
      follower,
      onC.reading,
      followerC,
    ]);
    expect(finalOf(rc.events).responseMessage).toMatchObject({ text: replyC, unfinished: false });
    // It did end while Redis was away (its instance's own stream is not Redis's).
    expect(onC.ended.at).toBeGreaterThan(0);
    expect(onC.ended.at).toBeLessThan(backAt);
    expect(followedC).toBe(replyC);
    expect(finalOf(rfc.events).responseMessage).toMatchObject({ text: replyC, unfinished: false });
    for (const [r, reply] of [
      [ra, replyA],
      [rb, replyB],
    ] as const) {
      expect(deltasOf(r.events).join('')).toBe(reply);
      expect(finalOf(r.events).responseMessage).toMatchObject({ text: reply, unfinished: false });
    }
    // The follower carried on: what it showed is the whole reply, then the same final.
    expect(followed).toBe(replyA);
    expect(finalOf(rf.events).responseMessage).toMatchObject({ text: replyA, unfinished: false });

    const saved = (await (await authed(b.url, one.token)(`/api/messages/${convA}`)).json()) as Message[];
    expect(saved[1]).toMatchObject({ text: replyA, unfinished: false });
    // Nothing is left running; the next send is taken.
    expect((await getSse(`${a.url}/api/ask/stream/${convA}`, one.token)).status).toBe(404);
    fake.enqueue({ reply: 'after' });
    const next = await postSse(
      `${a.url}/api/ask/openAI`,
      one.token,
      askBody({ text: 'Still there?', conversationId: convA, parentMessageId: saved[1]!.messageId }),
    );
    expect(next.status).toBe(200);
    expect(finalOf(next.events).responseMessage.text).toBe('after');
  }, 90_000);
});
