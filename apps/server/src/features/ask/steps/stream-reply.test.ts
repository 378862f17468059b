import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { createProviderRegistry } from '../../../providers/registry.js';
import type { ChatProvider } from '../../../providers/types.js';
import { fakeEndpoint } from '../../../../test/support/chat-harness.js';
import { createReplyHub } from '../reply-hub.js';
import { streamReply } from './stream-reply.js';

let fake: FakeOpenAIServer;
let provider: ChatProvider;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  const endpoint = fakeEndpoint(fake);
  // The real path: registry → storable text → the OpenAI adapter over HTTP to the fake.
  provider = await createProviderRegistry(() => [endpoint]).provider(endpoint, randomUUID());
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

/** A pino-shaped logger keeping what was logged at error level. */
function recordingLogger(errors: string[]): FastifyBaseLogger {
  const quiet = () => {};
  const log: FastifyBaseLogger = {
    level: 'error',
    fatal: quiet,
    error: (_obj: unknown, msg?: string) => void errors.push(msg ?? ''),
    warn: quiet,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return log;
}

/** Streams a reply to `prompt` into a reply hub; the outcome, the text the sink was given and what the hub published. */
async function run(prompt: string, opts: { signal?: AbortSignal; onText?: (t: string) => void } = {}) {
  const hub = createReplyHub();
  const errors: string[] = [];
  let text = '';
  const upstream = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: prompt }] };
  // What reaches the sink, seen on its way to the hub.
  const sink = {
    delta(t: string) {
      text += t;
      opts.onText?.(t);
      hub.delta(t);
    },
  };
  const outcome = await streamReply(
    { provider, upstream },
    sink,
    opts.signal ?? new AbortController().signal,
    recordingLogger(errors),
  );
  hub.end();
  return { outcome, text, published: hub.text, errors };
}

describe('stream reply', () => {
  it('streams the text to the sink, and ends with the finish reason and token count', async () => {
    const r = await run('[[fake reply="Hello there friend"]]');
    expect(r.outcome).toEqual({
      kind: 'finish',
      finishReason: 'stop',
      outputTokens: 3,
      usage: { inputTokens: expect.any(Number) as number, outputTokens: 3 },
    });
    expect(r.text).toBe('Hello there friend');
    expect(r.published).toBe('Hello there friend');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: '[[fake reply="Hello there friend"]]' }],
    });
  });

  it("keeps the upstream's finish reason (length)", async () => {
    const r = await run('[[fake reply="cut short" finish=length]]');
    expect(r.outcome).toMatchObject({ kind: 'finish', finishReason: 'length' });
  });

  it("ends with the upstream's error event, mapped to its code", async () => {
    const r = await run('[[fake status=429]]');
    expect(r.outcome).toMatchObject({ kind: 'error', error: { code: 'upstream_rate_limited' } });
    expect(r.text).toBe('');
  });

  it('keeps the text before a lost connection and ends with upstream_error', async () => {
    const r = await run('[[fake reply="one two three four five six" failAfter=3]]');
    expect(r.outcome).toMatchObject({ kind: 'error', error: { code: 'upstream_error' } });
    expect(r.text).toBe('one two three');
    expect(r.published).toBe('one two three');
  });

  it('ends as an abort when the signal aborts mid-reply, with the text so far', async () => {
    const ctrl = new AbortController();
    let seen = '';
    // The upstream sends two words, then nothing more until the request is aborted. They may come
    // in one network read, so one text event: the abort follows the text, not a count of events.
    const r = await run('[[fake reply="a b c d e f g h i j" hangAfter=2]]', {
      signal: ctrl.signal,
      onText: (t) => {
        seen += t;
        if (seen === 'a b') ctrl.abort();
      },
    });
    expect(r.outcome).toEqual({ kind: 'abort' });
    expect(r.text).toBe('a b');
    expect(r.errors).toEqual([]);
  });

  it('ends as an abort when aborted before the upstream answers', async () => {
    const r = await run('[[fake reply="never seen"]]', { signal: AbortSignal.abort() });
    expect(r.outcome).toEqual({ kind: 'abort' });
    expect(r.text).toBe('');
  });

  it('turns a throw while streaming into an upstream_error outcome, logged, never a rejection', async () => {
    const r = await run('[[fake reply="one two three" tps=50]]', {
      onText: () => {
        throw new Error('the sink broke');
      },
    });
    expect(r.outcome).toEqual({
      kind: 'error',
      error: { code: 'upstream_error', message: 'The reply failed unexpectedly' },
    });
    expect(r.errors).toEqual(['provider stream threw']);
    // The text taken before the throw is kept (the caller saves it with the error).
    expect(r.text).toBe('one');
  });
});
