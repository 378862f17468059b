import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINUATION_REPLY, type RecordedRequest } from '@chat/fake-upstreams';
import {
  ERROR_TEXT_KEYS,
  NO_PARENT,
  isErrorEvent,
  isFinalEvent,
  type AbortResponse,
  type ErrorCode,
  type ErrorEvent,
  type FinalEvent,
} from '@chat/contract';
import { TITLE_INSTRUCTION } from '../../src/features/title/service.js';
import { waitFor } from './chat-harness.js';
import {
  providerUser,
  startProviderApp,
  type ProviderHarness,
  type ProviderKind,
} from './provider-harness.js';
import { createdOf, deltasOf, finalOf, type SseEvent } from './sse-client.js';

/** What a protocol's recorded requests look like, for the checks every provider shares. */
export interface ProviderSpec {
  kind: ProviderKind;
  /** Is this recorded request a streamed chat request (not a title, not a model list)? */
  isStream(path: string, body: unknown): boolean;
  /** The last turn of a chat request body, as role ('user' | 'assistant') and text. */
  lastTurn(body: unknown): { role: string; text: string };
  /** The system prompt of a request body ('' when none). */
  system(body: unknown): string;
  /** The status this protocol answers an overload with (an HTTP error, and in-stream). */
  overloaded: { status: number; code: ErrorCode };
  /** google only: the endpoint has a Vertex AI service account instead of an API key. */
  vertex?: boolean;
}

interface Fault {
  name: string;
  directive: string;
  code: ErrorCode;
  /** The text kept in the saved reply ('' = none: the error is saved as its text). */
  partial: string;
  message?: RegExp;
}

/**
 * The upstream idle timeout of these apps: short, so the hang faults end quickly, yet long enough
 * that a machine busy with other test files (whose event loop lags by hundreds of milliseconds)
 * does not take an ordinary reply's pause for a stalled upstream.
 */
const IDLE_MS = 2000;
const REPLY = 'one two three four five six seven eight';
const FIRST3 = 'one two three';
const en = JSON.parse(
  readFileSync(new URL('../../../web/src/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** Every error class a provider can answer, and the code it must reach the client as. */
function faultsOf(spec: ProviderSpec): Fault[] {
  return [
    { name: 'a rejected key (401)', directive: 'status=401', code: 'upstream_auth', partial: '' },
    { name: 'a forbidden key (403)', directive: 'status=403', code: 'upstream_auth', partial: '' },
    { name: 'no quota left', directive: 'error=quota', code: 'insufficient_quota', partial: '' },
    {
      name: 'a rate limit that says when to retry',
      directive: 'status=429',
      code: 'upstream_rate_limited',
      partial: '',
      message: /retry after 1 s/,
    },
    { name: 'a blocked prompt', directive: 'error=moderation', code: 'moderation', partial: '' },
    {
      name: 'a reply cut by the safety system',
      directive: 'finish=content_filter',
      code: 'moderation',
      partial: REPLY,
    },
    {
      name: 'a prompt too long',
      directive: 'error=context',
      code: 'upstream_error',
      partial: '',
      message: /too long/,
    },
    { name: 'a server error (500)', directive: 'status=500', code: 'upstream_error', partial: '' },
    { name: 'unavailable (503)', directive: 'status=503', code: 'upstream_unavailable', partial: '' },
    ...(spec.overloaded.status === 503
      ? []
      : [
          {
            name: `overloaded (${spec.overloaded.status})`,
            directive: `status=${spec.overloaded.status}`,
            code: spec.overloaded.code,
            partial: '',
          },
        ]),
    {
      name: 'an error event mid-reply',
      directive: `errorAfter=3 status=${spec.overloaded.status}`,
      code: spec.overloaded.code,
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
    { name: 'no answer at all (timeout)', directive: 'hang', code: 'upstream_timeout', partial: '' },
    {
      name: 'a stall mid-reply (timeout)',
      directive: 'hangAfter=3',
      code: 'upstream_timeout',
      partial: FIRST3,
    },
  ];
}

/**
 * The chat behaviour every provider endpoint must have over HTTP, against its protocol's fake:
 * stream and save, split frames, abort, continue, regenerate, titles, and every error class.
 * Each provider's own test file calls this and adds what only its protocol has.
 */
export function describeProviderChat(spec: ProviderSpec): () => ProviderChat {
  let h: ProviderHarness;
  let alice: Awaited<ReturnType<typeof providerUser>>;
  const endpoint = spec.kind;
  beforeAll(async () => {
    h = await startProviderApp(
      spec.kind,
      { upstreamIdleTimeoutMs: IDLE_MS },
      {},
      { vertex: spec.vertex === true },
    );
    alice = await providerUser(h, 'Alice');
  });
  afterAll(() => h.close());

  const lastStreamRequest = () => h.fake.requests.filter((q) => spec.isStream(q.path, q.body)).at(-1)!;
  const lastStream = () => lastStreamRequest().body;

  const over = spec.vertex ? ' (Vertex AI)' : '';
  describe(`POST /api/ask/${endpoint}${over}`, () => {
    // Tokens 50 ms apart, three of the relay's 16 ms frames: the reply reaches the client in
    // pieces even where a busy machine delays each by tens of milliseconds.
    it('streams created, deltas and final, and saves both messages', async () => {
      const r = await alice.ask({ text: `Tell me [[fake reply="${REPLY}" tps=20]]` });
      expect(r.status).toBe(200);
      const deltas = deltasOf(r.events.slice(1, -1));
      expect(deltas.join('')).toBe(REPLY);
      expect(deltas.length).toBeGreaterThan(1);
      const final = finalOf(r.events);
      expect(final.responseMessage).toMatchObject({ text: REPLY, finish_reason: 'stop', error: false });
      expect(final.responseMessage.tokenCount).toBe(8);
      expect(final.conversation).toMatchObject({ endpoint, model: h.endpoint.models[0] });
      const saved = await alice.messages(final.conversation.conversationId);
      expect(saved.map((m) => m.text)).toEqual([`Tell me [[fake reply="${REPLY}" tps=20]]`, REPLY]);
      expect(spec.lastTurn(lastStream())).toEqual({
        role: 'user',
        text: `Tell me [[fake reply="${REPLY}" tps=20]]`,
      });
    });

    it('relays frames split in two, a UTF-8 character cut between them, whole', async () => {
      const reply = 'Grüße aus Köln 😀 — 東京 and ünïcödé';
      const r = await alice.ask({ text: `Split [[fake reply="${reply}" split]]` });
      expect(deltasOf(r.events.slice(1, -1)).join('')).toBe(reply);
      expect(finalOf(r.events).responseMessage.text).toBe(reply);
    });

    it('sends the system prompt (promptPrefix) the protocol’s way', async () => {
      await alice.ask({ text: 'Hi [[fake reply="ok"]]', promptPrefix: 'Answer like a pirate' });
      expect(spec.system(lastStream())).toBe('Answer like a pirate');
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
      const res = await alice.api(`/api/ask/${endpoint}/abort`, { body: { abortKey: conversationId } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as AbortResponse;
      expect(body.responseMessage).toMatchObject({ unfinished: true, error: false, finish_reason: 'abort' });
      expect(reply.startsWith(body.responseMessage.text)).toBe(true);
      expect(body.responseMessage.text.length).toBeGreaterThan(0);
      const final = (await streaming).events.at(-1)!.data as FinalEvent;
      expect(final.responseMessage.text).toBe(body.responseMessage.text);
      expect((await alice.messages(conversationId))[1]).toMatchObject({ unfinished: true });
    });

    it('continues a reply cut at the length limit, sending it as the last assistant turn', async () => {
      const first = finalOf((await alice.ask({ text: 'Cut short [[fake finish=length]]' })).events);
      expect(first.responseMessage.finish_reason).toBe('length');
      const prefix = first.responseMessage.text;
      const r = await alice.ask(
        {
          text: '',
          conversationId: first.conversation.conversationId,
          parentMessageId: first.requestMessage.messageId,
          responseMessageId: first.responseMessage.messageId,
          isContinued: true,
        },
        undefined,
        'edit',
      );
      expect(deltasOf(r.events.slice(1, -1)).join('')).toBe(CONTINUATION_REPLY);
      expect(finalOf(r.events).responseMessage).toMatchObject({
        messageId: first.responseMessage.messageId,
        text: prefix + CONTINUATION_REPLY,
      });
      expect(spec.lastTurn(lastStream())).toEqual({ role: 'assistant', text: prefix });
    });

    it('regenerates a sibling reply under the same user message', async () => {
      const first = finalOf((await alice.ask({ text: 'Regen me [[fake reply="first answer"]]' })).events);
      const userId = first.requestMessage.messageId;
      const r = await alice.ask({
        text: first.requestMessage.text,
        conversationId: first.conversation.conversationId,
        parentMessageId: userId,
        isRegenerate: true,
      });
      const second = finalOf(r.events);
      expect(second.responseMessage.parentMessageId).toBe(userId);
      expect(second.responseMessage.messageId).not.toBe(first.responseMessage.messageId);
      const saved = await alice.messages(first.conversation.conversationId);
      expect(saved.filter((m) => m.parentMessageId === userId)).toHaveLength(2);
    });

    it('titles a new conversation with a one-shot request through the adapter', async () => {
      const r = await alice.ask({ text: 'What is the capital of France? [[fake reply="Paris."]]' });
      const final = finalOf(r.events);
      const res = await alice.api('/api/convos/gen_title', {
        body: { conversationId: final.conversation.conversationId },
      });
      expect(await res.json()).toEqual({ title: 'What is the capital of France?' });
      const titleRequest = h.fake.requests.filter((q) => spec.system(q.body) === TITLE_INSTRUCTION).at(-1);
      expect(titleRequest).toBeDefined();
      expect(spec.isStream(titleRequest!.path, titleRequest!.body)).toBe(false);
    });
  });

  describe(`${endpoint}${over} upstream faults reach the client as the contract's codes`, () => {
    it.each(faultsOf(spec))('$name → $code, saved and retryable', async (f) => {
      const text = `Fault [[fake reply="${REPLY}" ${f.directive}]]`;
      const started = Date.now();
      const r = await alice.ask({ text });
      expect(Date.now() - started).toBeLessThan(IDLE_MS + 3000);
      const err = r.events.at(-1)!.data as ErrorEvent;
      expect(isErrorEvent(err)).toBe(true);
      expect(err.code).toBe(f.code);
      expect(en[ERROR_TEXT_KEYS[err.code]]).toBeTruthy();
      if (f.message) expect(err.message).toMatch(f.message);
      expect(deltasOf(r.events).join('')).toBe(f.partial);
      const expected = {
        error: true,
        unfinished: false,
        text: f.partial || JSON.stringify({ code: f.code, message: err.message }),
      };
      expect(err.responseMessage).toMatchObject(expected);
      const conversationId = err.conversation!.conversationId;
      expect((await alice.messages(conversationId))[1]).toMatchObject(expected);
      const retry = await alice.ask({ text: 'Again, please', conversationId, parentMessageId: NO_PARENT });
      expect(isFinalEvent(retry.events.at(-1)!.data)).toBe(true);
    });

    it('a key the upstream refuses is upstream_auth', async () => {
      const mallory = await providerUser(h, 'Mallory', `${endpoint}-badkey`);
      const r = await mallory.ask({ text: 'Hello' });
      expect(r.events.at(-1)!.data).toMatchObject({ error: true, code: 'upstream_auth' });
    });
  });

  return () => ({ h, alice, lastStreamRequest, lastStream: () => lastStream() as Record<string, unknown> });
}

/** The running app of a provider's suite, for the tests only its protocol has. */
export interface ProviderChat {
  h: ProviderHarness;
  alice: Awaited<ReturnType<typeof providerUser>>;
  /** The last streamed chat request the fake saw (titles, asked in the background, are not). */
  lastStreamRequest(): RecordedRequest;
  /** Its body. */
  lastStream(): Record<string, unknown>;
}
