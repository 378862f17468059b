import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import type { ErrorEvent, FinalEvent } from '@chat/contract';
import { conversations, messages } from '../../src/db/schema.js';
import { askBody, waitFor } from '../support/chat-harness.js';
import { registerUser } from '../support/harness.js';
import { deltasOf, postSse, type SseResult } from '../support/sse-client.js';
import { createStore, killStarted, startServer, type Store } from './processes.js';

/**
 * SIGTERM drains: every new request, on a new connection or an open one, is refused (503
 * service_unavailable with Retry-After; /ready 503 and /health 200 for the balancers) before
 * anything is saved; a running reply that ends within the deadline
 * (SHUTDOWN_TIMEOUT_MS) completes, one that does not is stopped and saved unfinished; every client
 * stream gets its last event, and the process exits 0.
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

const words = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(' ');
const DEADLINE_MS = 3000;

/** Opens a connection and sends the start of a request, so it is in use when the drain begins. */
async function beginRequest(url: string, method: 'GET' | 'POST', path: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return socket;
}

/** Sends the rest of the request and reads the whole answer (the server closes the connection). */
async function finishRequest(socket: Socket, token?: string, body?: unknown) {
  let raw = '';
  socket.on('data', (d: Buffer) => (raw += d.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
  if (body === undefined) {
    socket.write(`${auth}Connection: close\r\n\r\n`);
  } else {
    const json = JSON.stringify(body);
    socket.write(
      `${auth}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  await ended;
  const [head = '', payload = ''] = raw.split('\r\n\r\n');
  return {
    status: Number(head.split(' ')[1]),
    head: head.toLowerCase(),
    body: JSON.parse(payload) as unknown,
  };
}

/** One request on a connection of its own (a new TCP connection, as a balancer's probe makes). */
async function requestOnNewConnection(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
) {
  const socket = await beginRequest(url, method, path);
  return finishRequest(socket, token, body);
}

describe('SIGTERM', () => {
  it('drains: refuses new requests, finishes or saves running replies, exits 0', async () => {
    const server = await startServer(store, fake.url, { SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    const { token } = await registerUser(server.url, 'Drain Tester');

    const shortReply = words(15, 's'); // 1.5 s at 10 tokens/s: ends within the deadline
    const longReply = words(100, 'l'); // 10 s: cut at the deadline
    const seen = { short: 0, long: 0 };
    const ask = (text: string, key: keyof typeof seen): Promise<SseResult> =>
      postSse(`${server.url}/api/ask/openAI`, token, askBody({ text }), {
        onEvent: (e) => void (seen[key] += deltasOf([e]).length),
      });
    const short = ask(`Short [[fake reply="${shortReply}" tps=10]]`, 'short');
    const long = ask(`Long [[fake reply="${longReply}" tps=10]]`, 'long');
    await waitFor(() => seen.short >= 2 && seen.long >= 2);
    const pending = await beginRequest(server.url, 'POST', '/api/ask/openAI');

    const termAt = Date.now();
    server.signal('SIGTERM');
    await waitFor(() => server.output().includes('shutting down'));

    // New connections are still accepted, so balancers hear the drain: /ready answers 503, /health
    // 200, and everything else 503 service_unavailable with Retry-After, each closing its
    // connection. A request that began on an open connection is refused the same way.
    const fresh = await requestOnNewConnection(server.url, 'GET', '/ready');
    expect(fresh.status).toBe(503);
    expect(fresh.body).toMatchObject({ status: 'unavailable', checks: { draining: true } });
    const alive = await requestOnNewConnection(server.url, 'GET', '/health');
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok' });
    const newAsk = await requestOnNewConnection(
      server.url,
      'POST',
      '/api/ask/openAI',
      token,
      askBody({ text: 'New' }),
    );
    expect(newAsk.status).toBe(503);
    expect(newAsk.head).toMatch(/\r\nretry-after: \d+/);
    expect(newAsk.head).toContain('connection: close');
    expect(newAsk.body).toMatchObject({ code: 'service_unavailable' });
    const refused = await finishRequest(pending, token, askBody({ text: 'Too late' }));
    expect(refused.status).toBe(503);
    expect(refused.head).toContain('connection: close');
    expect(refused.head).toMatch(/\r\nretry-after: \d+/);
    expect(refused.body).toMatchObject({ code: 'service_unavailable' });

    // The short reply completes; the long one is stopped at the deadline and saved unfinished.
    const shortEnd = (await short).events.at(-1)!.data as FinalEvent;
    expect(shortEnd).toMatchObject({ final: true, responseMessage: { text: shortReply, unfinished: false } });
    const longResult = await long;
    const longEnd = longResult.events.at(-1)!.data as ErrorEvent;
    const partial = deltasOf(longResult.events).join('');
    expect(longEnd).toMatchObject({
      error: true,
      code: 'server_shutdown',
      responseMessage: { text: partial, unfinished: true, error: false },
    });
    expect(partial.length).toBeGreaterThan(0);
    expect(longReply.startsWith(partial)).toBe(true);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    const took = Date.now() - termAt;
    expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(took).toBeLessThan(DEADLINE_MS + 4000);

    // The database has both replies as they were sent; the refused request left nothing.
    const database = await store.open();
    try {
      expect(await database.db.select().from(conversations)).toHaveLength(2);
      const rows = await database.db.select().from(messages).orderBy(asc(messages.createdAt));
      const replies = rows.filter((m) => !m.isCreatedByUser);
      expect(rows).toHaveLength(4);
      expect(replies.map((m) => [m.text, m.unfinished, m.error])).toEqual(
        expect.arrayContaining([
          [shortReply, false, false],
          [partial, true, false],
        ]),
      );
    } finally {
      await database.close();
    }
  });
});

describe('SIGTERM with nothing running', () => {
  it('exits at once, though clients keep idle and unused connections open', async () => {
    const server = await startServer(store, fake.url);
    const { hostname, port } = new URL(server.url);
    const open = async () => {
      const socket = connect(Number(port), hostname);
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {});
      return { socket, closed };
    };
    // A keep-alive connection that has served a request, and one a browser opened ahead of use
    // (preconnect) that has sent nothing yet.
    const idle = await open();
    const answered = new Promise<void>((resolve) => idle.socket.once('data', () => resolve()));
    idle.socket.write(`GET /api/config HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    await answered;
    const unused = await open();

    const termAt = Date.now();
    server.signal('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await Promise.all([idle.closed, unused.closed]);
    // Neither waits for the grace that lets requests still in flight end (2 s).
    expect(Date.now() - termAt).toBeLessThan(1500);
  });
});
