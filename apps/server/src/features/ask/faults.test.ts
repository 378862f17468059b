import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_TEXT_KEYS,
  NO_PARENT,
  isErrorEvent,
  isFinalEvent,
  type ErrorCode,
  type ErrorEvent,
} from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { deltasOf } from '../../../test/support/sse-client.js';

/**
 * Every upstream fault ends the reply with an error event whose code has a spec text, saves the
 * reply as a failed (not running) message with its partial text, and leaves the conversation
 * free for the next ask: never a hung spinner.
 */
const IDLE_MS = 300;
const en = JSON.parse(
  readFileSync(new URL('../../../../web/src/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

let h: ChatHarness;
let user: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp({ upstreamIdleTimeoutMs: IDLE_MS });
  user = await chatUser(h, 'Fault Finder');
});
afterAll(() => h.close());

const REPLY = 'one two three four five six seven eight';
const FIRST3 = 'one two three';

interface Fault {
  name: string;
  directive: string;
  code: ErrorCode;
  /** The text kept in the saved reply ('' = none: the error message is saved as its text). */
  partial: string;
  message?: RegExp;
}

const faults: Fault[] = [
  { name: 'no answer at all (timeout)', directive: 'hang', code: 'upstream_timeout', partial: '' },
  {
    name: 'a stall mid-reply (timeout)',
    directive: 'hangAfter=3',
    code: 'upstream_timeout',
    partial: FIRST3,
  },
  {
    name: 'a connection reset mid-reply',
    directive: 'failAfter=3',
    code: 'upstream_error',
    partial: FIRST3,
    message: /connection to the provider was lost/,
  },
  {
    name: 'a malformed chunk',
    directive: 'malformed=3',
    code: 'upstream_error',
    partial: FIRST3,
    message: /malformed/,
  },
  {
    name: '429 with retry-after',
    directive: 'status=429',
    code: 'upstream_rate_limited',
    partial: '',
    message: /retry after 1 s/,
  },
  { name: '500', directive: 'status=500', code: 'upstream_error', partial: '' },
  { name: '503', directive: 'status=503', code: 'upstream_unavailable', partial: '' },
];

describe('upstream faults', () => {
  it.each(faults)('$name → $code, saved and retryable', async (f) => {
    const started = Date.now();
    const r = await user.ask({ text: `Fault [[fake reply="${REPLY}" ${f.directive}]]` });
    expect(Date.now() - started).toBeLessThan(IDLE_MS + 3000);

    // The stream ends with an error event carrying a code that has a user-facing text.
    const last = r.events.at(-1)!.data;
    expect(isErrorEvent(last)).toBe(true);
    const err = last as ErrorEvent;
    expect(err.code).toBe(f.code);
    expect(en[ERROR_TEXT_KEYS[err.code]]).toBeTruthy();
    if (f.message) expect(err.message).toMatch(f.message);
    expect(deltasOf(r.events).join('')).toBe(f.partial);

    // Saved as failed, not running: the partial text kept, or the error (JSON with its code).
    const text = f.partial || JSON.stringify({ code: f.code, message: err.message });
    const expected = { error: true, unfinished: false, text };
    expect(err.responseMessage).toMatchObject(expected);
    const conversationId = err.conversation!.conversationId;
    const saved = await user.messages(conversationId);
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({
      isCreatedByUser: true,
      text: `Fault [[fake reply="${REPLY}" ${f.directive}]]`,
    });
    expect(saved[1]).toMatchObject(expected);

    // Retryable: editing the message and sending it again in the conversation just works.
    const retry = await user.ask({ text: 'Again, please', conversationId, parentMessageId: NO_PARENT });
    expect(retry.status).toBe(200);
    expect(isFinalEvent(retry.events.at(-1)!.data)).toBe(true);
  });

  it('a regenerate after a failure is accepted (no reply is left running)', async () => {
    const first = await user.ask({ text: 'Busy [[fake status=429]]' });
    const err = first.events.at(-1)!.data as ErrorEvent;
    const again = await user.ask({
      text: 'Busy [[fake status=429]]',
      conversationId: err.conversation!.conversationId,
      parentMessageId: err.requestMessage!.messageId,
      isRegenerate: true,
    });
    expect(again.status).toBe(200);
    expect(again.events.at(-1)!.data).toMatchObject({ error: true, code: 'upstream_rate_limited' });
    expect(await user.messages(err.conversation!.conversationId)).toHaveLength(3);
  });
});
