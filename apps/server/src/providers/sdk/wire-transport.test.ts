import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAIChatProvider } from '../openai/chat-provider.js';
import { createLanguageModelProvider } from './language-model-provider.js';
import { googleWire } from './wire-google.js';
import { tapFetch } from './wire-stream.js';
import { freePort } from '../../../test/support/net.js';
import type { ChatProvider, ProviderEvent } from '../types.js';

/**
 * The two transports of a wire-read stream (wire-stream.ts): undici's request with a Node body
 * (no fetch of the endpoint's own) and a fetch (here the global one, as a user's base URL gets
 * its guarded fetch). Every case runs through both against the same upstream over HTTP and must
 * give the same events: text, usage, the upstream's refusals, a reset, a stall, a stop, a
 * compressed body, a redirect and a server that is not there.
 */

let fake: FakeOpenAIServer;
/** Answers every POST with the gzip of a fixed OpenAI stream, or a 307 to the fake for /moved. */
let odd: Server;
let oddUrl: string;
/** Resolves with the chunks written when the /slow/ reply's connection closes. */
let slowClosed = closing();
function closing() {
  let resolve!: (chunks: number) => void;
  const promise = new Promise<number>((r) => (resolve = r));
  return { promise, resolve };
}
/** The chunks written before the /slow/ connection closed, or -1 when it is still open after 3 s. */
const closedAfter = () =>
  Promise.race([slowClosed.promise, new Promise<number>((r) => setTimeout(() => r(-1), 3000))]);
const ZIPPED_TEXT = 'Compressed on the way';

function chunk(content: string): string {
  const frame = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini' };
  return `data: ${JSON.stringify({ ...frame, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

/** The last chunk of a whole reply. */
function stop(): string {
  const frame = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini' };
  return `data: ${JSON.stringify({ ...frame, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  odd = createServer((req, res) => {
    const bodyChunks: Buffer[] = [];
    req.on('data', (c: Buffer) => bodyChunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/moved/')) {
        res.writeHead(307, { location: `${new URL(fake.url).origin}${req.url.slice('/moved'.length)}` });
        res.end();
        return;
      }
      if (req.url?.includes(':streamGenerateContent')) {
        // Gemini: the first answer ends with CONTINUATION, the request sent again (with the token)
        // gets the rest.
        const sent = JSON.parse(Buffer.concat(bodyChunks).toString()) as { continuationToken?: string };
        const usage = { usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2 } };
        const candidate = sent.continuationToken
          ? { content: { role: 'model', parts: [{ text: ' and the rest' }] }, finishReason: 'STOP' }
          : {
              content: { role: 'model', parts: [{ text: 'The first part' }] },
              finishReason: 'CONTINUATION',
              continuationToken: 'more-please',
            };
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify({ candidates: [{ ...candidate, index: 0 }], ...usage })}\n\n`);
        return;
      }
      if (req.url?.startsWith('/slow/')) {
        // A long reply, a chunk every 10 ms: whether the reader let it go shows in `slowClosed`.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let n = 0;
        const timer = setInterval(() => res.write(chunk(`w${n++} `)), 10);
        res.on('close', () => {
          clearInterval(timer);
          slowClosed.resolve(n);
        });
        return;
      }
      if (req.url?.startsWith('/broken/')) {
        // Half of a gzip body, then the connection drops.
        const whole = gzipSync(chunk('Half') + chunk(' of it') + 'data: [DONE]\n\n');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
        res.write(whole.subarray(0, whole.length >> 1), () => setTimeout(() => res.socket?.destroy(), 20));
        return;
      }
      const words = ZIPPED_TEXT.split(' ').map((w, i) => (i === 0 ? w : ` ${w}`));
      const body = words.map(chunk).join('') + 'data: [DONE]\n\n';
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
      res.end(gzipSync(body));
    });
  });
  await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((r) => odd.close(r));
});

type Transport = 'request' | 'fetch';
type Route = 'pull' | 'push';

function providerFor(
  transport: Transport,
  opts: { baseURL?: string; idleTimeoutMs?: number } = {},
): ChatProvider {
  return createOpenAIChatProvider(
    {
      name: 'openAI',
      apiKey: 'test',
      baseURL: opts.baseURL ?? fake.url,
      ...(transport === 'fetch' ? { fetch: globalThis.fetch } : {}),
    },
    opts.idleTimeoutMs ? { idleTimeoutMs: opts.idleTimeoutMs } : {},
  );
}

const ask = (text: string) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content: text }],
});

/** The events of one ask, through the provider's pull route (stream) or its push route (streamTo). */
async function collect(
  transport: Transport,
  text: string,
  opts: { baseURL?: string; signal?: AbortSignal; idleTimeoutMs?: number; route?: Route } = {},
): Promise<ProviderEvent[]> {
  const provider = providerFor(transport, opts);
  const signal = opts.signal ?? new AbortController().signal;
  const events: ProviderEvent[] = [];
  if (opts.route === 'push') await provider.streamTo!(ask(text), signal, (e) => events.push(e));
  else for await (const e of provider.stream(ask(text), signal)) events.push(e);
  return events;
}

/** Both transports' events for the same ask (several text events may arrive as one). */
async function both(text: string, opts: Parameters<typeof collect>[2] = {}) {
  const joined = (events: ProviderEvent[]) => {
    const out: ProviderEvent[] = [];
    for (const e of events) {
      const last = out.at(-1);
      if (e.type === 'text' && last?.type === 'text')
        out[out.length - 1] = { ...last, text: last.text + e.text };
      else out.push(e);
    }
    return out;
  };
  const request = joined(await collect('request', text, opts));
  const fetch = joined(await collect('fetch', text, opts));
  // The push route (the relay's) gives the same events as the pull route, on both transports.
  expect(joined(await collect('request', text, { ...opts, route: 'push' }))).toEqual(request);
  expect(joined(await collect('fetch', text, { ...opts, route: 'push' }))).toEqual(fetch);
  return { request, fetch };
}

describe('wire transports: undici request and fetch give the same events', () => {
  it('a whole reply with its finish and usage', async () => {
    const { request, fetch } = await both('[[fake reply="Hello there my friend" tps=0]]');
    expect(request).toEqual(fetch);
    expect(request.at(0)).toEqual({ type: 'text', text: 'Hello there my friend' });
    expect(request.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it.each([401, 429, 500, 503])('the upstream refusing with %i', async (status) => {
    const { request, fetch } = await both(`[[fake status=${status}]]`);
    expect(request).toEqual(fetch);
    expect(request.at(-1)).toMatchObject({ type: 'error' });
  });

  it('a connection reset mid-reply', async () => {
    const { request, fetch } = await both('[[fake reply="one two three four five" failAfter=3]]');
    expect(request).toEqual(fetch);
    expect(request).toEqual([
      { type: 'text', text: 'one two three' },
      expect.objectContaining({ type: 'error', error: expect.objectContaining({ code: 'upstream_error' }) }),
    ]);
  });

  it('an upstream that goes silent', async () => {
    const { request, fetch } = await both('[[fake reply="a b c d" hangAfter=2]]', { idleTimeoutMs: 300 });
    expect(request).toEqual(fetch);
    expect(request.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_timeout' } });
  });

  it('a stop mid-reply ends quietly', async () => {
    const run = async (transport: Transport) => {
      const ctrl = new AbortController();
      setTimeout(() => ctrl.abort(), 150);
      return collect(transport, '[[fake reply="a b c d e f g h i j" tps=20]]', { signal: ctrl.signal });
    };
    for (const events of [await run('request'), await run('fetch')]) {
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.type === 'text')).toBe(true);
    }
  });

  it('a gzip-encoded stream is decoded', async () => {
    const { request, fetch } = await both('anything', { baseURL: `${oddUrl}/v1` });
    expect(request).toEqual(fetch);
    expect(request.at(0)).toEqual({ type: 'text', text: ZIPPED_TEXT });
  });

  it('a gzip-encoded stream cut off halfway', async () => {
    const { request, fetch } = await both('anything', { baseURL: `${oddUrl}/broken/v1` });
    expect(request).toEqual(fetch);
    expect(request.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_error' } });
  });

  it('a redirect is followed', async () => {
    const { request, fetch } = await both('[[fake reply="Moved but here"]]', {
      baseURL: `${oddUrl}/moved/v1`,
    });
    expect(request).toEqual(fetch);
    expect(request.at(0)).toEqual({ type: 'text', text: 'Moved but here' });
  });

  it('a server that is not there', async () => {
    const { request, fetch } = await both('hello', { baseURL: `http://127.0.0.1:${await freePort()}/v1` });
    expect(request).toEqual(fetch);
    expect(request).toEqual([
      { type: 'error', error: expect.objectContaining({ code: 'upstream_unavailable' }) },
    ]);
  });

  it("Gemini's CONTINUATION: the request sent again goes the same way", async () => {
    const run = async (transport: Transport) => {
      const client = createGoogleGenerativeAI({
        apiKey: 'test',
        baseURL: `${oddUrl}/v1beta`,
        fetch: tapFetch(transport === 'fetch' ? globalThis.fetch : undefined),
      });
      const provider = createLanguageModelProvider((id) => client.languageModel(id), { wire: googleWire });
      const events: ProviderEvent[] = [];
      for await (const e of provider.stream(
        { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }] },
        new AbortController().signal,
      )) {
        events.push(e);
      }
      return events;
    };
    const request = await run('request');
    expect(request).toEqual(await run('fetch'));
    const text = request.map((e) => (e.type === 'text' ? e.text : '')).join('');
    expect(text).toBe('The first part and the rest');
  });

  it.each<Transport>(['request', 'fetch'])(
    'push route (%s): a throw of the consumer stops the upstream and is what the call rejects with',
    async (transport) => {
      slowClosed = closing();
      const provider = providerFor(transport, { baseURL: `${oddUrl}/slow/v1` });
      const seen: string[] = [];
      const boom = new Error('consumer failed');
      const run = provider.streamTo!(ask('hi'), new AbortController().signal, (e) => {
        if (e.type === 'text') seen.push(e.text);
        if (seen.length === 3) throw boom;
      });
      await expect(run).rejects.toBe(boom);
      expect(seen).toHaveLength(3);
      // The connection is let go at once, long before the reply's 10 ms chunks would end.
      expect(await closedAfter()).toBeGreaterThanOrEqual(0);
      expect(await closedAfter()).toBeLessThan(50);
    },
  );

  it.each<Transport>(['request', 'fetch'])(
    'pull route (%s): leaving the loop early stops the upstream',
    async (transport) => {
      slowClosed = closing();
      const provider = providerFor(transport, { baseURL: `${oddUrl}/slow/v1` });
      let texts = 0;
      for await (const e of provider.stream(ask('hi'), new AbortController().signal)) {
        if (e.type === 'text' && ++texts === 2) break;
      }
      expect(await closedAfter()).toBeGreaterThanOrEqual(0);
      expect(await closedAfter()).toBeLessThan(50);
    },
  );

  it.each<Transport>(['request', 'fetch'])(
    'push route (%s): the chunks of one socket read go out as one text event',
    async (transport) => {
      const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
      const events = await collect(transport, `[[fake reply="${words}" tps=0]]`, { route: 'push' });
      const texts = events.filter((e) => e.type === 'text');
      expect(texts.map((e) => (e.type === 'text' ? e.text : '')).join('')).toBe(words);
      // 300 upstream chunks written at once arrive in a few reads: far fewer events than chunks.
      expect(texts.length).toBeLessThan(30);
    },
  );

  it('a streaming reply does not keep its request body: the prompt is let go once sent', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const provider = providerFor('request');
    const prompt = 'x'.repeat(2_000_000);
    gc();
    const before = process.memoryUsage().arrayBuffers;
    // Measured once every reply has begun: the fake (in this process) has read each request whole.
    let begun = 0;
    let allBegun!: () => void;
    const started = new Promise<void>((r) => (allBegun = r));
    const runs = Array.from({ length: 10 }, (_, i) => {
      let first = true;
      return provider.streamTo!(
        ask(`[[fake reply="a b c d e f" tps=4]] ${i} ${prompt}`),
        new AbortController().signal,
        () => {
          if (first && ++begun === 10) allBegun();
          first = false;
        },
      );
    });
    await started;
    // V8 frees a collected buffer's memory in the background: the least of a few readings counts.
    let held = Infinity;
    for (let i = 0; i < 10; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 20));
      held = Math.min(held, process.memoryUsage().arrayBuffers - before);
    }
    // undici kept a string body, and its Buffer copy, for the life of the response: 10 x 2 MB here.
    expect(held).toBeLessThan(5_000_000);
    await Promise.all(runs);
  });
});

describe('a connection the upstream drops before answering', () => {
  /** Requests that arrived, and how many of the next ones to drop unanswered. */
  const seen = { requests: 0, drop: 0 };
  let dropUrl: string;
  let dropper: Server;
  beforeAll(async () => {
    // A dropped request is what a client sees when it sends on a kept-alive connection the server
    // has just closed as idle: the connection ends with no answer.
    dropper = createServer((req, res) => {
      seen.requests++;
      if (seen.drop > 0) {
        seen.drop--;
        req.socket.destroy();
        return;
      }
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(chunk('Answered') + chunk(' whole') + stop() + 'data: [DONE]\n\n');
      });
    });
    await new Promise<void>((r) => dropper.listen(0, '127.0.0.1', r));
    dropUrl = `http://127.0.0.1:${(dropper.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    dropper.closeAllConnections();
    await new Promise((r) => dropper.close(r));
  });

  const text = (events: ProviderEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');

  it.each<Transport>(['request', 'fetch'])('%s: dropped once, the call is sent again', async (transport) => {
    for (const route of ['push', 'pull'] as const) {
      seen.requests = 0;
      seen.drop = 1;
      const events = await collect(transport, 'hi', { baseURL: dropUrl, route });
      expect(text(events)).toBe('Answered whole');
      expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
      expect(seen.requests).toBe(2);
    }
  });

  it.each<Transport>(['request', 'fetch'])(
    '%s: dropped twice, the call fails with the connection lost, sent twice in all',
    async (transport) => {
      seen.requests = 0;
      seen.drop = 2;
      const events = await collect(transport, 'hi', { baseURL: dropUrl, route: 'push' });
      expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'upstream_error' }) }]);
      expect(seen.requests).toBe(2);
      // The next call is answered: nothing of the failed one stays in the way.
      expect(text(await collect(transport, 'hi', { baseURL: dropUrl }))).toBe('Answered whole');
    },
  );
});
