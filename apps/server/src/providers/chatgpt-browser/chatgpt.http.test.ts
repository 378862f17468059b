import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT, type ErrorEvent } from '@chat/contract';
import { chatUser } from '../../../test/support/chat-harness.js';
import { startLegacyApp, LEGACY_TOKEN, type LegacyHarness } from '../../../test/support/legacy-harness.js';
import { deltasOf, finalOf } from '../../../test/support/sse-client.js';

interface WebBody {
  action: string;
  model: string;
  parent_message_id: string;
  messages: { author: { role: string }; content: { parts: string[] } }[];
}

describe('chatGPTBrowser: the ChatGPT web backend’s conversation SSE (fake backend, over HTTP)', () => {
  let h: LegacyHarness;
  let alice: Awaited<ReturnType<typeof chatUser>>;
  beforeAll(async () => {
    h = await startLegacyApp('chatGPTBrowser');
    alice = await chatUser(h, 'Alice', { endpoint: 'chatGPTBrowser', model: 'text-davinci-002-render-sha' });
  });
  afterAll(() => h.close());

  const lastBody = () => h.fake.requests.at(-1)!.body as WebBody;

  it('streams the reply from the cumulative message events, with the access token', async () => {
    const reply = 'Hello from the web backend, ünïcödé 😀 and more words';
    // 20 tokens a second: the relay sends what arrived together in one write, so slow tokens stay apart.
    const r = await alice.ask({ text: `Hi [[fake reply="${reply}" tps=20]]` });
    const deltas = deltasOf(r.events.slice(1, -1));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(reply);
    expect(finalOf(r.events).responseMessage).toMatchObject({
      text: reply,
      error: false,
      finish_reason: 'stop',
    });
    const sent = h.fake.requests.at(-1)!;
    expect(sent.path).toBe('/backend-api/conversation');
    expect(sent.headers.authorization).toBe(`Bearer ${LEGACY_TOKEN}`);
    expect(lastBody()).toMatchObject({ action: 'next', model: 'text-davinci-002-render-sha' });
    expect(lastBody().messages.map((m) => m.author.role)).toEqual(['user']);
  });

  it('sends the branch before the new message as a system message, the prompt prefix first', async () => {
    const first = finalOf((await alice.ask({ text: 'Remember 42 [[fake reply="Noted: 42"]]' })).events);
    await alice.ask({
      text: 'What number?',
      conversationId: first.conversation.conversationId,
      parentMessageId: first.responseMessage.messageId,
      promptPrefix: 'Be brief.',
    });
    const [system, user] = lastBody().messages;
    expect(system!.author.role).toBe('system');
    const context = system!.content.parts[0]!;
    expect(context.startsWith('Be brief.')).toBe(true);
    expect(context.indexOf('Remember 42')).toBeLessThan(context.indexOf('Noted: 42'));
    expect(user).toMatchObject({ author: { role: 'user' }, content: { parts: ['What number?'] } });
  });

  it.each([
    ['status=401', 'upstream_auth'],
    ['status=429', 'upstream_rate_limited'],
    ['status=503', 'upstream_unavailable'],
    ['errorAfter=2', 'upstream_error'],
    ['malformed=2', 'upstream_error'],
  ])('%s → %s, saved and retryable', async (directive, code) => {
    const r = await alice.ask({ text: `Fault [[fake reply="one two three four" ${directive}]]` });
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code });
    const retry = await alice.ask({
      text: 'Again [[fake reply="fine"]]',
      conversationId: err.conversation!.conversationId,
      parentMessageId: NO_PARENT,
    });
    expect(finalOf(retry.events).responseMessage.text).toBe('fine');
  });

  it('a token the backend refuses is upstream_auth', async () => {
    const mallory = await chatUser(h, 'Mallory', { endpoint: 'chatGPTBrowser-badkey', model: 'gpt-4' });
    const r = await mallory.ask({ text: 'Hello' });
    expect(r.events.at(-1)!.data).toMatchObject({ error: true, code: 'upstream_auth' });
  });
});
