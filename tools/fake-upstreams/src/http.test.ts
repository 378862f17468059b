// Raw-HTTP checks of the wire format and the control API, independent of any SDK.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { request as httpRequest, Agent } from 'node:http';
import { startFakeOpenAI, type FakeOpenAIServer } from './index.js';
import { tokenize } from './reply.js';

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const origin = () => fake.url.replace(/\/v1$/, '');
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(origin() + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const chat = (content: string, extra: Record<string, unknown> = {}) =>
  post('/v1/chat/completions', { model: 'fake-echo', messages: [{ role: 'user', content }], ...extra });

interface Chunk {
  id: string;
  choices: { delta: { content?: string }; finish_reason: string | null }[];
}
interface Completion {
  choices: { message: { content: string }; finish_reason: string }[];
}
/** The delta texts of the token chunks (everything between the role chunk and the finish chunk). */
const tokenTexts = (events: unknown[], tail = 2) =>
  (events.slice(1, -tail) as Chunk[]).map((e) => e.choices[0]!.delta.content);

/** Parses an SSE body into its `data:` payloads (JSON objects, or the literal "[DONE]"). */
function sseEvents(body: string): unknown[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6))
    .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as unknown)));
}

describe('wire format', () => {
  it('lists models', async () => {
    const res = await fetch(`${fake.url}/models`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: { id: string; object: string }[] };
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'gpt-3.5-turbo', 'fake-echo']);
    expect(body.data[0]).toMatchObject({
      object: 'model',
      owned_by: expect.any(String),
      created: expect.any(Number),
    });
  });

  it('streams role chunk, one chunk per token, finish chunk, usage chunk and [DONE]', async () => {
    const res = await chat('[[fake reply="Hi there friend"]]', {
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseEvents(await res.text()) as Record<string, unknown>[];
    expect(events.at(-1)).toBe('[DONE]');
    const [first, ...rest] = events.slice(0, -1);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion.chunk',
      model: 'fake-echo',
      created: expect.any(Number),
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    expect(tokenTexts(events, 3)).toEqual(['Hi', ' there', ' friend']);
    expect(rest[3]).toMatchObject({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    expect(rest[4]).toMatchObject({
      choices: [],
      usage: { completion_tokens: 3, total_tokens: expect.any(Number) },
    });
    expect(rest).toHaveLength(5);
    expect(new Set(events.slice(0, -1).map((e) => (e as { id: string }).id)).size).toBe(1);
  });

  it('sends one broken chunk where malformed says, then the rest of the reply', async () => {
    const body = await (await chat('[[fake reply="a b c" malformed=2]]', { stream: true })).text();
    const blocks = body.split('\n\n').filter(Boolean);
    expect(blocks).toHaveLength(7); // role, a, b, broken, c, finish, [DONE]
    expect(() => JSON.parse(blocks[3]!.slice(6))).toThrow();
    expect(tokenTexts(sseEvents([...blocks.slice(0, 3), ...blocks.slice(4)].join('\n\n')))).toEqual([
      'a',
      ' b',
      ' c',
    ]);
  });

  it('omits the usage chunk unless include_usage is set', async () => {
    const events = sseEvents(await (await chat('[[fake reply="a b"]]', { stream: true })).text());
    expect(events).toHaveLength(5); // role, a, b, finish, [DONE]
  });

  it('answers non-streaming with a chat.completion', async () => {
    const body = (await (await chat('[[fake reply="Done."]]')).json()) as unknown;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'fake-echo',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Done.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: 1 },
    });
  });

  it('answers unknown routes with a 404 OpenAI-style error', async () => {
    const res = await fetch(`${fake.url}/embeddings`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { message: expect.any(String), type: 'invalid_request_error' },
    });
  });

  it('answers malformed JSON and missing messages with 400', async () => {
    const bad = await post('/v1/chat/completions', '{"model":');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await post('/v1/chat/completions', { model: 'x' })).status).toBe(400);
  });

  it('sets retry-after on 429', async () => {
    const res = await chat('[[fake status=429]]', { stream: true });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('streams a large reply intact (backpressure path)', async () => {
    const reply = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    fake.enqueue({ reply });
    const events = sseEvents(await (await chat('x', { stream: true })).text());
    expect(tokenTexts(events).join('')).toBe(reply);
  });
});

describe('control API', () => {
  it('enqueues scripts over HTTP (object or array) and resets', async () => {
    expect(await (await post('/__control/script', { reply: 'one' })).json()).toEqual({ ok: true, queued: 1 });
    await post('/__control/script', [{ reply: 'two' }, { reply: 'three' }]);
    const reply = async () => ((await (await chat('x')).json()) as Completion).choices[0]!.message.content;
    expect(await reply()).toBe('one');
    expect(await reply()).toBe('two');
    await post('/__control/reset', {});
    expect(await reply()).not.toBe('three');
    expect(fake.requests).toHaveLength(1);
  });

  it('exposes recorded requests and rejects bad scripts', async () => {
    await chat('recorded');
    const body = (await (await fetch(`${origin()}/__control/requests`)).json()) as {
      requests: { path: string }[];
    };
    expect(body.requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    expect((await post('/__control/script', '42')).status).toBe(400);
    expect((await post('/__control/script', '{oops')).status).toBe(400);
  });

  it('keeps only the last 100 requests', async () => {
    for (let i = 0; i < 105; i++) await fetch(`${fake.url}/models`);
    expect(fake.requests).toHaveLength(100);
  });
});

describe('options', () => {
  it('enforces apiKey and custom models', async () => {
    const secured = await startFakeOpenAI({ apiKey: 'sk-right', models: ['only-one'] });
    try {
      expect((await fetch(`${secured.url}/models`)).status).toBe(401);
      const wrong = await fetch(`${secured.url}/models`, { headers: { authorization: 'Bearer sk-wrong' } });
      expect(wrong.status).toBe(401);
      // As OpenAI's 401 does, the answer quotes the key it refused.
      expect(await wrong.json()).toMatchObject({
        error: {
          code: 'invalid_api_key',
          message: expect.stringMatching(/^Incorrect API key provided: sk-wrong\./),
        },
      });
      const ok = await fetch(`${secured.url}/models`, { headers: { authorization: 'Bearer sk-right' } });
      expect(((await ok.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['only-one']);
    } finally {
      await secured.close();
    }
  });

  it('applies defaults, overridden by directives', async () => {
    const d = await startFakeOpenAI({ defaults: { reply: 'default reply', finishReason: 'length' } });
    try {
      const url = `${d.url}/chat/completions`;
      const ask = async (content: string) =>
        (await (
          await fetch(url, {
            method: 'POST',
            body: JSON.stringify({ messages: [{ role: 'user', content }] }),
          })
        ).json()) as Completion;
      expect((await ask('hi')).choices[0]).toMatchObject({
        message: { content: 'default reply' },
        finish_reason: 'length',
      });
      expect((await ask('[[fake reply="own"]]')).choices[0]).toMatchObject({
        message: { content: 'own' },
        finish_reason: 'length',
      });
    } finally {
      await d.close();
    }
  });

  it('close() ends hung connections', async () => {
    const d = await startFakeOpenAI();
    const pending = fetch(`${d.url}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ stream: true, messages: [{ role: 'user', content: '[[fake hang]]' }] }),
    }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await d.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('scale', () => {
  it('serves 1,000 concurrent paced streams', async () => {
    const reply = 'one two three four five six seven eight nine ten';
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    const body = JSON.stringify({
      stream: true,
      messages: [{ role: 'user', content: `[[fake tps=50 reply="${reply}"]]` }],
    });
    const one = () =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${fake.url}/chat/completions`, { method: 'POST', agent }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve(text));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
    const started = performance.now();
    const bodies = await Promise.all(Array.from({ length: 1000 }, one));
    const elapsed = performance.now() - started;
    for (const b of bodies) {
      expect(tokenTexts(sseEvents(b))).toEqual(tokenize(reply));
    }
    expect(elapsed).toBeGreaterThanOrEqual(175);
    agent.destroy();
  });
});
