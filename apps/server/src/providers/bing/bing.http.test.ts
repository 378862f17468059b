import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT, SYDNEY_SYSTEM_MESSAGE, type AbortResponse, type ErrorEvent } from '@chat/contract';
import { chatUser, waitFor } from '../../../test/support/chat-harness.js';
import { startLegacyApp, type LegacyHarness } from '../../../test/support/legacy-harness.js';
import { createdOf, deltasOf, finalOf, type SseEvent } from '../../../test/support/sse-client.js';
import { TONE_OPTION_SETS } from './adapter.js';

interface Invocation {
  type: number;
  target: string;
  arguments: {
    message: { text: string };
    optionsSets: string[];
    previousMessages?: { description: string }[];
    conversationSignature: string;
  }[];
}

describe('bingAI: the chat hub over a WebSocket (fake Bing, over HTTP)', () => {
  let h: LegacyHarness;
  let alice: Awaited<ReturnType<typeof chatUser>>;
  beforeAll(async () => {
    h = await startLegacyApp('bingAI');
    alice = await chatUser(h, 'Alice', { endpoint: 'bingAI', model: 'BingAI' });
  });
  afterAll(() => h.close());

  const invocations = () =>
    h.fake.requests.filter((r) => r.path === '/sydney/ChatHub').map((r) => r.body as Invocation);
  const creates = () => h.fake.requests.filter((r) => r.path === '/turing/conversation/create');

  it('streams the reply from the hub’s cumulative updates, in pieces, and saves it', async () => {
    const reply = 'Grüße aus Köln: one two three four five 😀';
    const r = await alice.ask({ text: `Hi Bing [[fake reply="${reply}" tps=200]]` });
    expect(r.status).toBe(200);
    const deltas = deltasOf(r.events.slice(1, -1));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(reply);
    const final = finalOf(r.events);
    expect(final.responseMessage).toMatchObject({ text: reply, error: false, finish_reason: 'stop' });
    expect(final.conversation).toMatchObject({ endpoint: 'bingAI', model: 'BingAI' });
    // A conversation made with the `_U` cookie, then one invocation: the creative tone by default.
    expect(creates().at(-1)?.headers.cookie).toBe('_U=fake-legacy-token');
    const inv = invocations().at(-1)!;
    expect(inv).toMatchObject({ type: 4, target: 'chat' });
    expect(inv.arguments[0]!.message.text).toBe(`Hi Bing [[fake reply="${reply}" tps=200]]`);
    expect(inv.arguments[0]!.optionsSets).toEqual(expect.arrayContaining(TONE_OPTION_SETS.creative));
    expect(inv.arguments[0]!.previousMessages).toBeUndefined();
  });

  it('sends the branch as context, the tone asked for, and in Sydney mode its system message', async () => {
    const first = finalOf((await alice.ask({ text: 'My name is Ada [[fake reply="Hello Ada"]]' })).events);
    await alice.ask({
      text: 'What is my name?',
      conversationId: first.conversation.conversationId,
      parentMessageId: first.responseMessage.messageId,
      toneStyle: 'precise',
      context: 'The user likes short answers.',
    });
    let inv = invocations().at(-1)!.arguments[0]!;
    expect(inv.message.text).toBe('What is my name?');
    expect(inv.optionsSets).toEqual(expect.arrayContaining(TONE_OPTION_SETS.precise));
    expect(inv.optionsSets).not.toContain('h3imaginative');
    const context = inv.previousMessages![0]!.description;
    expect(context).toContain('The user likes short answers.');
    expect(context.indexOf('My name is Ada')).toBeLessThan(context.indexOf('Hello Ada'));
    expect(context).not.toContain(SYDNEY_SYSTEM_MESSAGE);

    const sydney = await chatUser(h, 'Syd', { endpoint: 'bingAI', model: 'Sydney' });
    await sydney.ask({ text: 'Who are you?' });
    inv = invocations().at(-1)!.arguments[0]!;
    expect(inv.previousMessages![0]!.description).toContain(SYDNEY_SYSTEM_MESSAGE);
    await sydney.ask({ text: 'And now?', jailbreak: true, systemMessage: 'You are a terse pirate.' });
    inv = invocations().at(-1)!.arguments[0]!;
    expect(inv.previousMessages![0]!.description).toContain('You are a terse pirate.');
  });

  it.each([
    ['status=429', 'upstream_rate_limited'],
    ['status=401', 'upstream_auth'],
    ['error=quota', 'insufficient_quota'],
    ['error=moderation', 'moderation'],
    ['status=503', 'upstream_unavailable'],
  ])('%s in the hub’s result → %s, saved and retryable', async (directive, code) => {
    const r = await alice.ask({ text: `Fault [[fake ${directive}]]` });
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code });
    expect(err.responseMessage).toMatchObject({ error: true });
    const retry = await alice.ask({
      text: 'Again [[fake reply="fine"]]',
      conversationId: err.conversation!.conversationId,
      parentMessageId: NO_PARENT,
    });
    expect(finalOf(retry.events).responseMessage.text).toBe('fine');
  });

  it('a hub connection dropped mid-reply keeps the text so far with the error', async () => {
    const r = await alice.ask({ text: '[[fake reply="one two three four five six" failAfter=3 tps=100]]' });
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code: 'upstream_error' });
    expect(deltasOf(r.events).join('')).toBe('one two three');
    expect(err.responseMessage!.text).toBe('one two three');
  });

  it('a token Bing refuses is upstream_auth before any hub connection', async () => {
    const before = invocations().length;
    const mallory = await chatUser(h, 'Mallory', { endpoint: 'bingAI-badkey', model: 'BingAI' });
    const r = await mallory.ask({ text: 'Hello' });
    expect(r.events.at(-1)!.data).toMatchObject({ error: true, code: 'upstream_auth' });
    expect(invocations()).toHaveLength(before);
  });

  it('stops on abort, saving the partial text as unfinished', async () => {
    let conversationId = '';
    let seen = 0;
    const reply = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const streaming = alice.ask(
      { text: `Stop me [[fake reply="${reply}" tps=20]]` },
      {
        onEvent: (e: SseEvent) => {
          const c = createdOf(e);
          if (c) conversationId = c.conversationId;
          else if (deltasOf([e]).length > 0) seen++;
        },
      },
    );
    await waitFor(() => seen >= 2);
    const res = await alice.api('/api/ask/bingAI/abort', { body: { abortKey: conversationId } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AbortResponse;
    expect(body.responseMessage).toMatchObject({ unfinished: true, error: false, finish_reason: 'abort' });
    expect(reply.startsWith(body.responseMessage.text)).toBe(true);
    await streaming;
  });
});
