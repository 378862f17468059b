import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUT_FINISH_REASON,
  ERROR_TEXT_KEYS,
  isFinalEvent,
  type ErrorEvent,
  type FinalEvent,
} from '@chat/contract';
import type { FakeServer } from '@chat/fake-upstreams';
import type { Harness } from '../../../test/support/harness.js';
import { chatUser, startChatApp } from '../../../test/support/chat-harness.js';
import { providerUser, startProviderApp } from '../../../test/support/provider-harness.js';
import { deltasOf } from '../../../test/support/sse-client.js';

// A stream that ends cleanly but without its protocol's end marker (OpenAI's finish_reason and
// [DONE], Anthropic's message_stop, Gemini's finishReason), as a proxy that closes early leaves
// it: the text so far is kept as an unfinished reply the user may continue, and the client is
// told the connection ended early; a stream with its marker stays a finished reply.
const en = JSON.parse(
  readFileSync(new URL('../../../../web/src/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const REPLY = 'one two three four five six seven eight';
const FIRST3 = 'one two three';

type User = Awaited<ReturnType<typeof chatUser>>;
type Started = { h: Harness; fake: FakeServer; user: User };
const protocols: { name: string; start: () => Promise<Started> }[] = [
  {
    name: 'OpenAI',
    start: async () => {
      const h = await startChatApp();
      return { h, fake: h.fake, user: await chatUser(h, 'Cut OpenAI') };
    },
  },
  {
    name: 'Anthropic',
    start: async () => {
      const h = await startProviderApp('anthropic');
      return { h, fake: h.fake, user: await providerUser(h, 'Cut Anthropic') };
    },
  },
  {
    name: 'Gemini',
    start: async () => {
      const h = await startProviderApp('google');
      return { h, fake: h.fake, user: await providerUser(h, 'Cut Gemini') };
    },
  },
];

describe.each(protocols)('$name: a stream cut before its end marker', ({ start }) => {
  let h: Harness;
  let fake: FakeServer;
  let user: User;
  beforeAll(async () => {
    ({ h, fake, user } = await start());
  });
  afterAll(() => h.close());

  it('is saved unfinished with its text, and the event says the connection ended early', async () => {
    // Queued, not in the text: the continue below resends the text and must not be cut again.
    fake.enqueue({ reply: REPLY, endAfterTokens: 3 });
    const r = await user.ask({ text: 'Cut short' });
    expect(deltasOf(r.events).join('')).toBe(FIRST3);
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code: 'upstream_incomplete' });
    expect(en[ERROR_TEXT_KEYS.upstream_incomplete]).toMatch(/ended early/);
    const expected = { text: FIRST3, unfinished: true, error: false, finish_reason: CUT_FINISH_REASON };
    expect(err.responseMessage).toMatchObject(expected);
    const saved = await user.messages(err.conversation!.conversationId);
    expect(saved[1]).toMatchObject(expected);

    // Continue goes on from the text kept.
    const more = await user.ask(
      {
        text: '',
        conversationId: err.conversation!.conversationId,
        parentMessageId: err.requestMessage!.messageId,
        responseMessageId: err.responseMessage!.messageId,
        isContinued: true,
      },
      undefined,
      'edit',
    );
    const final = more.events.at(-1)!.data as FinalEvent;
    expect(isFinalEvent(final)).toBe(true);
    expect(final.responseMessage).toMatchObject({ unfinished: false, error: false });
    expect(final.responseMessage.text.startsWith(FIRST3)).toBe(true);
    expect(final.responseMessage.text.length).toBeGreaterThan(FIRST3.length);
  });

  it('with nothing before the cut, is a failed reply with the same code', async () => {
    const r = await user.ask({ text: `Cut [[fake reply="${REPLY}" endAfter=0]]` });
    const err = r.events.at(-1)!.data as ErrorEvent;
    expect(err).toMatchObject({ error: true, code: 'upstream_incomplete' });
    expect(err.responseMessage).toMatchObject({ error: true, unfinished: false });
  });

  it('stays finished when the marker came', async () => {
    const r = await user.ask({ text: `Whole [[fake reply="${REPLY}"]]` });
    const final = r.events.at(-1)!.data as FinalEvent;
    expect(isFinalEvent(final)).toBe(true);
    expect(final.responseMessage).toMatchObject({
      text: REPLY,
      unfinished: false,
      error: false,
      finish_reason: 'stop',
    });
  });
});
