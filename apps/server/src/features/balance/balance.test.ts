import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { tokenize } from '@chat/fake-upstreams';
import {
  tokenCost,
  TOKENIZER_MAX_CHARS,
  type AdjustTokensResponse,
  type ApiErrorBody,
  type StartupConfig,
  type TokenBalanceError,
} from '@chat/contract';
import { transactions, users } from '../../db/schema.js';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { authed, registerUser } from '../../../test/support/harness.js';
import { createdOf, finalOf } from '../../../test/support/sse-client.js';
import { reservationOf } from './gate.js';
import { countText } from '../../providers/token-count.js';

const OPERATOR = 'operator@example.com';
const MODEL = 'gpt-4o-mini';
const START = 20_000;
let h: ChatHarness;
let operator: ReturnType<typeof authed>;

beforeAll(async () => {
  h = await startChatApp({
    adminEmail: OPERATOR,
    checkBalance: true,
    startBalance: START,
    titleConvo: false,
  });
  operator = authed(h.url, (await registerUser(h.url, 'Operator', OPERATOR)).token);
});
afterAll(() => h.close());

type ChatUser = Awaited<ReturnType<typeof chatUser>>;
const chatRequests = () => h.fake.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
const balanceOf = async (u: ChatUser) => (await (await u.api('/api/balance')).json()) as number;
const rowsOf = (u: ChatUser) =>
  h.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, u.user.user.id))
    .orderBy(asc(transactions.createdAt));
/** What a send of `text` reserves (the gate's rule, for the expected numbers). */
const reserveFor = (text: string) =>
  reservationOf({
    model: MODEL,
    input: { userId: '', route: 'ask', pathEndpoint: 'openAI', body: { text } as never },
  }).cost;

async function setBalance(u: ChatUser, target: number): Promise<void> {
  const now = await balanceOf(u);
  const path = now > target ? '/api/user/spendTokens' : '/api/user/issueTokens';
  if (now === target) return;
  const res = await operator(path, { body: { email: u.user.email, amount: Math.abs(now - target) } });
  expect(res.status).toBe(200);
}

describe('token balance', () => {
  it('starts a new account at START_BALANCE with a start transaction, and GET /api/config says checkBalance', async () => {
    const u = await chatUser(h);
    // Given at registration (the users.registered event), before anything reads the balance.
    await waitFor(async () => (await rowsOf(u)).length === 1);
    expect(await balanceOf(u)).toBe(START);
    const rows = await rowsOf(u);
    expect(rows.map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([['start', START, START]]);
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as { checkBalance: boolean };
    expect(config.checkBalance).toBe(true);
  });

  it("spends a reply's cost at the model's rates from the provider's usage: a reservation and its settlement", async () => {
    const u = await chatUser(h);
    const reply = 'Penguins huddle together, taking turns at the windy edge.';
    const res = await u.ask({ text: `Tell me about penguins [[fake reply="${reply}"]]` });
    const final = finalOf(res.events);
    expect(final.responseMessage.text).toBe(reply);

    const rows = await rowsOf(u);
    expect(rows.map((r) => r.kind)).toEqual(['start', 'reserve', 'settle']);
    const [, reserve, settle] = rows as [unknown, (typeof rows)[number], (typeof rows)[number]];
    // The completion as the fake upstream counted it (its own tokenizer, not gpt-tokenizer's).
    expect(settle.completionTokens).toBe(tokenize(reply).length);
    expect(settle.completionTokens).not.toBe(countText(reply));
    expect(settle.promptTokens).toBeGreaterThan(0);
    const cost = tokenCost(MODEL, settle.promptTokens!, settle.completionTokens!);
    expect(reserve.amount).toBe(-reserveFor(`Tell me about penguins [[fake reply="${reply}"]]`));
    expect(settle.amount).toBe(-reserve.amount - cost);
    expect(settle.messageId).toBe(final.responseMessage.messageId);
    expect(settle.conversationId).toBe(final.conversation.conversationId);
    expect(await balanceOf(u)).toBe(START - cost);
    expect(settle.balanceAfter).toBe(START - cost);
  });

  it('charges nothing for a reply the upstream refused (no usage, no text)', async () => {
    const u = await chatUser(h);
    const res = await u.ask({ text: 'Fail me [[fake status=401]]' });
    expect((res.events.at(-1)!.data as { error?: boolean }).error).toBe(true);
    const rows = await rowsOf(u);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['start', START],
      ['reserve', -reserveFor('Fail me [[fake status=401]]')],
      ['settle', reserveFor('Fail me [[fake status=401]]')],
    ]);
    expect(await balanceOf(u)).toBe(START);
  });

  it('refuses a send the balance cannot cover with token_balance, before the upstream is called', async () => {
    const u = await chatUser(h);
    await setBalance(u, 10);
    const before = chatRequests();
    const res = await u.ask({ text: 'Hello there' });
    expect(res.status).toBe(402);
    const body = res.json as ApiErrorBody;
    expect(body.code).toBe('token_balance');
    const detail = JSON.parse(body.message) as TokenBalanceError;
    expect(detail).toEqual({
      type: 'token_balance',
      balance: 10,
      tokenCost: reserveFor('Hello there'),
      promptTokens: countText('Hello there'),
    });
    expect(chatRequests()).toBe(before);
    const convos = (await (await u.api('/api/convos')).json()) as { conversations: unknown[] };
    expect(convos.conversations).toEqual([]);
    expect(await balanceOf(u)).toBe(10);
    expect((await rowsOf(u)).map((r) => r.kind)).toEqual(['start', 'spend']);
  });

  it('gives the reservation back when the request stops before the upstream (a busy conversation)', async () => {
    const u = await chatUser(h);
    const first = await u.ask({ text: 'Wait for me [[fake hang]]' }, { stopAfter: 1 });
    const conversationId = createdOf(first.events[0]!)!.conversationId;
    const reserved = START - (await balanceOf(u));
    expect(reserved).toBe(reserveFor('Wait for me [[fake hang]]'));
    const before = chatRequests();

    const busy = await u.ask({
      text: 'And again',
      conversationId,
      parentMessageId: createdOf(first.events[0]!)!.message.messageId,
    });
    expect(busy.status).toBe(409);
    expect(chatRequests()).toBe(before);
    expect(await balanceOf(u)).toBe(START - reserved);
    const kinds = (await rowsOf(u)).map((r) => [r.kind, r.amount]);
    expect(kinds.slice(-2)).toEqual([
      ['reserve', -reserveFor('And again')],
      ['settle', reserveFor('And again')],
    ]);

    // Stopped: it pays for what was sent (counted here: the provider reported no usage).
    const stop = await u.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } });
    expect(stop.status).toBe(200);
    const settle = (await rowsOf(u)).at(-1)!;
    expect(settle.kind).toBe('settle');
    expect(settle.completionTokens).toBe(0);
    expect(settle.promptTokens).toBeGreaterThan(countText('Wait for me [[fake hang]]'));
    expect(await balanceOf(u)).toBe(START - tokenCost(MODEL, settle.promptTokens!, 0));
  });

  it('lets exactly 10 of 20 concurrent sends pass on a balance that covers 10', async () => {
    const u = await chatUser(h);
    const text = 'Count with me [[fake hang]]';
    const cost = reserveFor(text);
    await setBalance(u, cost * 10);
    const before = chatRequests();

    const results = await Promise.all(Array.from({ length: 20 }, () => u.ask({ text }, { stopAfter: 1 })));
    const passed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect((r.json as ApiErrorBody).code).toBe('token_balance');
    expect(await balanceOf(u)).toBe(0);
    const reserves = (await rowsOf(u)).filter((r) => r.kind === 'reserve');
    expect(reserves).toHaveLength(10);
    expect(reserves.map((r) => r.balanceAfter ?? -1).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => i * cost),
    );

    // Stop them all: each settles with what it used, giving back the rest of its reservation.
    for (const r of passed) {
      const conversationId = createdOf(r.events[0]!)!.conversationId;
      expect((await u.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } })).status).toBe(200);
    }
    const settles = (await rowsOf(u)).filter((r) => r.kind === 'settle');
    expect(settles).toHaveLength(10);
    const used = settles.reduce((sum, r) => sum + tokenCost(MODEL, r.promptTokens!, r.completionTokens!), 0);
    expect(await balanceOf(u)).toBe(cost * 10 - used);
    expect(chatRequests() - before).toBe(10);
  });
});

describe('operator adjustments', () => {
  it("are the operator's only: 403 for anyone else", async () => {
    const u = await chatUser(h);
    for (const path of ['/api/user/issueTokens', '/api/user/spendTokens']) {
      const res = await u.api(path, { body: { email: u.user.email, amount: 100 } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as ApiErrorBody).code).toBe('forbidden');
    }
    expect(await balanceOf(u)).toBe(START);
  });

  it('issue and spend with a transaction each (with the reason); an overdraw is refused', async () => {
    const u = await chatUser(h);
    const issued = await operator('/api/user/issueTokens', {
      body: { email: u.user.email.toUpperCase(), amount: 500, reason: 'welcome gift' },
    });
    expect(issued.status).toBe(200);
    expect(((await issued.json()) as AdjustTokensResponse).balance).toBe(START + 500);
    const spent = await operator('/api/user/spendTokens', { body: { email: u.user.email, amount: 300 } });
    expect(((await spent.json()) as AdjustTokensResponse).balance).toBe(START + 200);
    const over = await operator('/api/user/spendTokens', {
      body: { email: u.user.email, amount: START + 201 },
    });
    expect(over.status).toBe(402);
    expect(((await over.json()) as ApiErrorBody).code).toBe('token_balance');
    expect(await balanceOf(u)).toBe(START + 200);
    const rows = await rowsOf(u);
    expect(rows.map((r) => [r.kind, r.amount, r.balanceAfter, r.reason])).toEqual([
      ['start', START, START, null],
      ['issue', 500, START + 500, 'welcome gift'],
      ['spend', -300, START + 200, null],
    ]);
  });

  it('answer 404 for an unknown e-mail and 400 for a bad body', async () => {
    const unknown = await operator('/api/user/issueTokens', {
      body: { email: 'nobody@example.com', amount: 5 },
    });
    expect(unknown.status).toBe(404);
    for (const body of [
      { email: 'not-an-email', amount: 5 },
      { email: OPERATOR, amount: 0 },
      { email: OPERATOR, amount: -5 },
      { email: OPERATOR, amount: 1.5 },
      { email: OPERATOR },
    ]) {
      const res = await operator('/api/user/spendTokens', { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).code).toBe('validation_error');
    }
  });
});

describe('POST /api/tokenizer', () => {
  it("counts with gpt-tokenizer, for the spec's { text } and LibreChat's { arg } shapes", async () => {
    const u = await chatUser(h);
    const text = 'The quick brown fox jumps over the lazy dog.';
    for (const body of [{ text }, { arg: text }, { arg: { text } }]) {
      const res = await u.api('/api/tokenizer', { body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(await res.json()).toEqual({ count: countText(text) });
    }
    expect(countText(text)).toBe(10);
    for (const body of [{ arg: 42 }, { text: 42 }, {}, { text: 'x'.repeat(TOKENIZER_MAX_CHARS + 1) }]) {
      const bad = await u.api('/api/tokenizer', { body });
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });
});

describe('with subscriptions on', () => {
  it('a valid subscription pays instead of credits: an empty balance sends and stays; an expired one needs a plan, not credits', async () => {
    const paid = await startChatApp({
      checkBalance: true,
      startBalance: 0,
      balanceHelpText: 'Write to credits@example.com for a top-up.',
      titleConvo: false,
      billing: {
        subscriptionsEnabled: true,
        secretKey: 'sk_test_balance',
        publishableKey: null,
        webhookSecret: 'whsec_balance',
        prices: { weekly: 'price_weekly', yearly: 'price_yearly' },
        // The gates read the database only: Stripe is never called here.
        apiBase: 'http://127.0.0.1:9',
        jsUrl: 'https://js.stripe.com/endive/stripe.js',
      },
    });
    try {
      // The operator's word on getting more goes to the browser, shown under such a refusal.
      const config = (await (await fetch(`${paid.url}/api/config`)).json()) as StartupConfig;
      expect(config.balanceHelpText).toBe('Write to credits@example.com for a top-up.');
      const u = await chatUser(paid);
      const subscribe = (end: number) =>
        paid.database.db
          .update(users)
          .set({ subscriptionStatus: 'active', subscriptionEnd: new Date(end) })
          .where(eq(users.id, u.user.user.id));
      await subscribe(Date.now() + 86_400_000);
      const res = await u.ask({ text: 'Hello' });
      expect(finalOf(res.events).final).toBe(true);
      expect((await (await u.api('/api/balance')).json()) as number).toBe(0);

      // Credits would not let a registered user without a subscription send: the subscription
      // gate refuses before the balance is looked at, so the refusal opens the plan chooser.
      await subscribe(Date.now() - 1000);
      const refused = await u.ask({ text: 'Hello' });
      expect(refused.status).toBe(402);
      expect((refused.json as ApiErrorBody).code).toBe('subscription_required');
    } finally {
      await paid.close();
    }
  });
});

describe('with CHECK_BALANCE off', () => {
  it('has no gate and spends nothing', async () => {
    const off = await startChatApp({ titleConvo: false });
    try {
      const u = await chatUser(off);
      // No grant at registration: an account without a row gets it at its first read.
      expect(await off.database.db.select().from(transactions)).toEqual([]);
      const res = await u.ask({ text: 'Hello' });
      expect(finalOf(res.events).final).toBe(true);
      expect((await (await u.api('/api/balance')).json()) as number).toBe(START);
      const config = (await (await fetch(`${off.url}/api/config`)).json()) as { checkBalance: boolean };
      expect(config.checkBalance).toBe(false);
      const rows = await off.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, u.user.user.id));
      expect(rows.map((r) => r.kind)).toEqual(['start']);
    } finally {
      await off.close();
    }
  });
});
