import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { isFinalEvent } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import type { ReplySpend } from './index.js';
import { askBody, chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { finalOf } from '../../../test/support/sse-client.js';
import { waitFor } from '../../../test/support/wait.js';

/**
 * The model is asked while the turn is written. On a PostgreSQL server the write can be held up
 * from outside: a transaction that locks the user's row (FOR UPDATE) makes the turn's insert wait
 * on its foreign key, so what happens between the call and the commit can be watched.
 */
const settled = new Map<string, ReplySpend | null>();
const gateModule: FeatureModule = {
  name: 'test-hold',
  register({ extend }) {
    extend('askGates', {
      name: 'hold',
      async check({ input }) {
        return {
          async settle(spent) {
            settled.set(input.body.text, spent);
          },
        };
      },
    });
  },
};

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
let locker: pg.Client;

beforeAll(async () => {
  h = await startChatApp({}, { extraModules: [gateModule] });
  alice = await chatUser(h, 'Alice');
  locker = new pg.Client({ connectionString: h.database.url });
  await locker.connect();
});
afterAll(async () => {
  await locker.end();
  await h.close();
});

/** Holds the user's row until the returned function is called (the turn's insert waits). */
async function holdUserRow(): Promise<() => Promise<void>> {
  await locker.query('begin');
  await locker.query('select 1 from users where id = $1 for update', [alice.user.user.id]);
  return async () => {
    await locker.query('commit');
  };
}

const asked = (marker: string) =>
  h.fake.requests.filter((r) => JSON.stringify(r.body).includes(marker)).length;

describe('the upstream call made while the turn is written (PostgreSQL)', () => {
  it('goes out before the commit, and the first event waits for it', async () => {
    const release = await holdUserRow();
    const text = 'Asked while written [[fake reply="Held until saved"]]';
    let answered = false;
    const reply = alice.ask({ text }).finally(() => (answered = true));
    await waitFor(() => asked('Asked while written') === 1);
    // The model has been asked; the turn is not saved yet, so nothing has been answered.
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false);
    await release();
    const result = await reply;
    expect(result.status).toBe(200);
    const final = finalOf(result.events);
    expect(isFinalEvent(final)).toBe(true);
    expect(final.responseMessage.text).toBe('Held until saved');
    // The created event came first, then the text: nothing was lost while it was held.
    expect(result.events[0]?.data).toMatchObject({ created: true });
    const deltas = result.events.slice(1, -1).map((e) => e.data);
    expect(deltas.length).toBeGreaterThan(0);
    expect(settled.get(text)).toMatchObject({ outcome: 'finish' });
  });

  it('is stopped when the write is refused, and the hold is given back', async () => {
    const first = await alice.ask({ text: 'A first message' });
    const taken = finalOf(first.events).requestMessage.messageId;
    const release = await holdUserRow();
    // The model never answers this one: only the abort ends the call, and the refusal waits for it.
    const text = 'Refused at its write [[fake hang]]';
    const res = alice.api('/api/ask/openAI', { body: askBody({ text, messageId: taken }) });
    await waitFor(() => asked('Refused at its write') === 1);
    await release();
    const answer = await res;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'id_conflict' });
    expect(settled.get(text)).toBeNull();
    const page = (await (await alice.api('/api/convos?pageNumber=1')).json()) as {
      conversations: { title: string }[];
    };
    expect(page.conversations.map((c) => c.title)).not.toContain(text);
  });
});
