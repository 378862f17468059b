import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isFinalEvent, type ConvosPage } from '@chat/contract';
import { conversations, messages } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { FeatureModule } from '../../platform/module.js';
import type { AskPipeline, ReplySpend } from './index.js';
import { askBody, chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const seen: string[] = [];
/** What the gate's holds were settled with, by the text of the send. */
const settled = new Map<string, ReplySpend | null>();
/** For the send that asks: what the reply's hub had published when the holds settled. */
let publishedAtSettle: string | undefined;
let pipeline: AskPipeline | undefined;

/**
 * A feature of its own folder would register exactly this: a gate, an attachment and a
 * configurer, from its module, with no change to the ask feature.
 */
const extensionsModule: FeatureModule = {
  name: 'test-extensions',
  register({ extend, use }) {
    // Extra modules register after the app's: the pipeline is there.
    pipeline = use('askPipeline');
    extend('askGates', {
      name: 'quota',
      async check({ input }) {
        seen.push('gate');
        if (input.body.text.includes('over the limit')) throw new AppError('forbidden', 'Limit reached');
        return {
          async settle(spent) {
            settled.set(input.body.text, spent);
            if (spent && input.body.text.includes('what was published')) {
              // The stream has ended and the save not begun: read the hub now, no timer in between.
              publishedAtSettle = pipeline?.running(spent.conversationId, input.userId)?.text;
            }
          },
        };
      },
    });
    extend('askConfigurers', {
      name: 'preset',
      async configure(_ctx, options) {
        seen.push('configure');
        return { ...options, promptPrefix: options.promptPrefix ?? 'You are terse.' };
      },
    });
    extend('askPromptShapers', {
      name: 'breaks',
      async shape({ input }, request) {
        if (input.body.text.includes('shaping fails')) throw new Error('shaper broke');
        return request;
      },
    });
    extend('askAttachments', {
      name: 'files',
      async attach({ input }) {
        seen.push('attach');
        return input.body.text.includes('with image')
          ? [{ type: 'image', url: `data:image/png;base64,${PIXEL}`, mediaType: 'image/png' }]
          : [];
      },
    });
  },
};

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  h = await startChatApp({}, { extraModules: [extensionsModule] });
  alice = await chatUser(h, 'Alice');
});
afterAll(() => h.close());

describe('pipeline extension points over HTTP', () => {
  it('a gate refuses before anything is saved or sent upstream', async () => {
    const before = h.fake.requests.length;
    const res = await alice.api('/api/ask/openAI', {
      body: askBody({ text: 'I am over the limit' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden', message: 'Limit reached' });
    const page = (await (await alice.api('/api/convos?pageNumber=1')).json()) as ConvosPage;
    expect(page.conversations).toEqual([]);
    expect(h.fake.requests.length).toBe(before);
  });

  it('runs configure, gates and attachments in that order; their output reaches the upstream and the saved conversation', async () => {
    seen.length = 0;
    const result = await alice.ask({ text: 'Describe this, with image' });
    const final = finalOf(result.events);
    expect(isFinalEvent(final)).toBe(true);
    expect(seen).toEqual(['configure', 'gate', 'attach']);

    const chat = h.fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(0);
    const body = chat?.body as { messages: { role: string; content: unknown }[] };
    expect(body.messages[0]).toEqual({ role: 'system', content: 'You are terse.' });
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Describe this, with image' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
      ],
    });
    const [saved] = await h.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.conversationId, final.conversation.conversationId));
    expect(saved?.options).toMatchObject({ promptPrefix: 'You are terse.' });
  });

  it('a failure while the prompt is made saves nothing, asks no model and gives the hold back', async () => {
    const res = await alice.api('/api/ask/openAI', { body: askBody({ text: 'When shaping fails' }) });
    expect(res.status).toBe(500);
    const page = (await (await alice.api('/api/convos?pageNumber=1')).json()) as ConvosPage;
    expect(page.conversations.find((c) => c.title === 'When shaping fails')).toBeUndefined();
    const [row] = await h.database.db.select().from(messages).where(eq(messages.text, 'When shaping fails'));
    expect(row).toBeUndefined();
    const asked = h.fake.requests.filter((r) => JSON.stringify(r.body).includes('When shaping fails'));
    expect(asked).toEqual([]);
    expect(settled.get('When shaping fails')).toBeNull();
  });

  it('a turn refused at its write stops the model call already under way and gives the hold back', async () => {
    const first = await alice.ask({ text: 'The first message' });
    const taken = finalOf(first.events).requestMessage.messageId;
    // The model would never answer: only an abort ends this call, and the answer waits for it.
    const text = 'Its id is taken [[fake hang]]';
    const res = await alice.api('/api/ask/openAI', { body: askBody({ text, messageId: taken }) });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'id_conflict' });
    // Nothing of the turn was kept: no conversation, the gate's hold given back. (That the call
    // went out before the refusal is shown on a PostgreSQL server: early-call.pg.test.ts.)
    const page = (await (await alice.api('/api/convos?pageNumber=1')).json()) as ConvosPage;
    expect(page.conversations.map((c) => c.title)).not.toContain(text);
    expect(settled.get(text)).toBeNull();
  });

  it("a gate's hold settles with the reply's usage and text before the final event", async () => {
    const text = 'Settle me [[fake reply="Four short words here"]]';
    const result = await alice.ask({ text });
    const final = finalOf(result.events);
    expect(final.responseMessage.text).toBe('Four short words here');
    expect(settled.get(text)).toEqual({
      conversationId: final.conversation.conversationId,
      messageId: final.responseMessage.messageId,
      model: 'gpt-4o-mini',
      request: expect.objectContaining({ model: 'gpt-4o-mini' }) as unknown,
      completion: 'Four short words here',
      usage: { inputTokens: expect.any(Number) as number, outputTokens: 4 },
      outcome: 'finish',
    });
  });

  it('the whole text is published when the stream ends, before the save and the final event', async () => {
    // At full speed the deltas after the first merge for a frame; they must not wait for the save.
    const reply = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    const result = await alice.ask({ text: `Show what was published [[fake reply="${reply}" tps=0]]` });
    expect(finalOf(result.events).responseMessage.text).toBe(reply);
    expect(publishedAtSettle).toBe(reply);
  });
});
