import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { isResumedEvent, type AbortResponse } from '@chat/contract';
import { askBody } from '../support/chat-harness.js';
import { authed, registerUser } from '../support/harness.js';
import { createdOf, deltasOf, finalOf, getSse, postSse } from '../support/sse-client.js';
import { killStarted, type ServerProcess } from '../crash/processes.js';
import { createCluster, type Cluster } from './instances.js';
import { startNginx, type Nginx } from './nginx.js';

/**
 * Debian's nginx with the shipped deploy/nginx.conf in front of two instances over PostgreSQL and
 * Redis: what a client sees through the load balancer. Replies stream through it as written (no
 * buffering), and stopping and resuming work whichever instance each request lands on.
 */
let fake: FakeOpenAIServer;
let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let nginx: Nginx;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  cluster = await createCluster(fake.url, { TRUST_PROXY: 'true', REGISTER_MAX: '100' });
  a = await cluster.start(); // first: it migrates the database
  b = await cluster.start();
  nginx = await startNginx([a.url, b.url]);
}, 150_000);
afterAll(async () => {
  await nginx?.stop();
  killStarted();
  await fake.close();
  await cluster.remove();
});

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(' ');

describe('two instances behind nginx (deploy/nginx.conf)', () => {
  it('a reply streams through nginx as it is written, not buffered to its end', async () => {
    const user = await registerUser(nginx.url, 'Streamer');
    const reply = words(40, 's');
    fake.enqueue({ reply, tokensPerSecond: 20 });
    const t0 = performance.now();
    const arrivals: number[] = [];
    const r = await postSse(`${nginx.url}/api/ask/openAI`, user.token, askBody({ text: 'Stream' }), {
      onEvent: (e) => {
        if (deltasOf([e]).length > 0) arrivals.push(performance.now() - t0);
      },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(finalOf(r.events).responseMessage.text).toBe(reply);
    // 40 tokens at 20 per second take about 2 s upstream; buffered, they would all arrive at once
    // at the end. Streamed, the first is here more than a second before the last. (Two things keep
    // nginx from buffering: the config's proxy_buffering off, and the app's X-Accel-Buffering: no
    // for proxies configured without it; this checks what the client gets from both together.)
    expect(arrivals.length).toBeGreaterThan(10);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(1_000);
  });

  it('a reply started through nginx is stopped through nginx, wherever each request lands', async () => {
    const user = await registerUser(nginx.url, 'Stopper');
    const reply = words(80, 'a');
    fake.enqueue({ reply, tokensPerSecond: 20 });
    let conversationId = '';
    let resolveSeen!: () => void;
    const seen = new Promise<void>((r) => (resolveSeen = r));
    let deltas = 0;
    const reading = postSse(`${nginx.url}/api/ask/openAI`, user.token, askBody({ text: 'Go' }), {
      onEvent: (e) => {
        const created = createdOf(e);
        if (created) conversationId = created.conversationId;
        deltas += deltasOf([e]).length;
        if (deltas === 5) resolveSeen();
      },
    });
    await seen;
    // Several stops would land on both instances in turn (least_conn); the first one stops it.
    const res = await authed(nginx.url, user.token)('/api/ask/openAI/abort', {
      body: { abortKey: conversationId },
    });
    expect(res.status).toBe(200);
    const aborted = (await res.json()) as AbortResponse;
    const r = await reading;
    const streamed = deltasOf(r.events).join('');
    expect(aborted.responseMessage).toMatchObject({ unfinished: true, text: streamed });
    expect(streamed.length).toBeGreaterThan(0);
    expect(reply.startsWith(streamed) && streamed.length < reply.length).toBe(true);
  });

  it('a client that drops resumes through nginx with exactly the rest, then sees it end', async () => {
    const user = await registerUser(nginx.url, 'Resumer');
    const reply = words(60, 'r');
    fake.enqueue({ reply, tokensPerSecond: 25 });
    const first = await postSse(`${nginx.url}/api/ask/openAI`, user.token, askBody({ text: 'Go' }), {
      stopAfter: 8,
    });
    expect(first.disconnected).toBe(true);
    const conversationId = createdOf(first.events[0]!)!.conversationId;
    const lastId = first.events.at(-1)!.id!;
    const before = deltasOf(first.events).join('');
    const [resumed, opened] = await Promise.all([
      getSse(`${nginx.url}/api/ask/stream/${conversationId}`, user.token, {
        'last-event-id': String(lastId),
      }),
      getSse(`${nginx.url}/api/ask/stream/${conversationId}`, user.token),
    ]);
    expect(resumed.status).toBe(200);
    expect(resumed.events[0]!.id).toBeGreaterThan(lastId);
    expect(before + deltasOf(resumed.events).join('')).toBe(reply);
    expect(finalOf(resumed.events).responseMessage).toMatchObject({ text: reply, unfinished: false });
    const snapshot = opened.events[0]!.data;
    expect(isResumedEvent(snapshot)).toBe(true);
    const start = isResumedEvent(snapshot) ? snapshot.responseMessage.text : '';
    expect(start + deltasOf(opened.events.slice(1)).join('')).toBe(reply);
  });

  it('nginx answers /ready and /health from the instances', async () => {
    for (const path of ['/ready', '/health']) {
      const res = await fetch(`${nginx.url}${path}`);
      expect(res.status).toBe(200);
    }
  });
});
