import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { ApiErrorBody } from '@chat/contract';
import { transactions } from '../../db/schema.js';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { authed, registerUser } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

/**
 * librechat.yaml `balance` auto-refill over HTTP: `refillAmount` is added once per interval, when
 * a send finds the balance short (LibreChat's rule), never twice in one interval, and not by a
 * read. The days pass on the app's fake clock.
 */
const DAY = 86_400_000;
const OPERATOR = 'refill-operator@example.com';
const REFILL = 50_000;
let offset = 0;
let h: ChatHarness;

beforeAll(async () => {
  h = await startChatApp(
    {
      adminEmail: OPERATOR,
      checkBalance: true,
      startBalance: 10,
      autoRefill: { amount: REFILL, intervalValue: 1, intervalUnit: 'days' },
      titleConvo: false,
    },
    { clock: () => Date.now() + offset },
  );
});
afterAll(() => h.close());

describe('balance auto-refill', () => {
  it('refills a short balance once per interval at its next send', async () => {
    const operator = authed(h.url, (await registerUser(h.url, 'Operator', OPERATOR)).token);
    const u = await chatUser(h);
    const rows = () =>
      h.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, u.user.user.id))
        .orderBy(asc(transactions.createdAt));
    const balance = async () => (await (await u.api('/api/balance')).json()) as number;
    await waitFor(async () => (await rows()).length === 1);

    // The first interval runs from the start: nothing is due yet.
    const early = await u.ask({ text: 'Hello' });
    expect(early.status).toBe(402);
    expect((early.json as ApiErrorBody).code).toBe('token_balance');
    expect((await rows()).map((r) => r.kind)).toEqual(['start']);

    // A day later a read alone adds nothing; the send that finds the balance short is refilled.
    offset = DAY + 60_000;
    expect(await balance()).toBe(10);
    const refilled = await u.ask({ text: 'Hello again' });
    expect(finalOf(refilled.events).final).toBe(true);
    const refill = (await rows()).filter((r) => r.kind === 'refill');
    expect(refill.map((r) => [r.amount, r.balanceAfter, r.reason])).toEqual([
      [REFILL, REFILL + 10, 'auto-refill'],
    ]);
    expect(refill[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() + DAY);

    // Spent down within the same interval: refused, no second refill.
    const spend = await operator('/api/user/spendTokens', {
      body: { email: u.user.email, amount: (await balance()) - 5 },
    });
    expect(spend.status).toBe(200);
    expect((await u.ask({ text: 'Once more' })).status).toBe(402);
    expect((await rows()).filter((r) => r.kind === 'refill')).toHaveLength(1);

    // Three more days: one refill, not three.
    offset = 4 * DAY + 120_000;
    expect(finalOf((await u.ask({ text: 'Later' })).events).final).toBe(true);
    expect((await rows()).filter((r) => r.kind === 'refill').map((r) => r.amount)).toEqual([REFILL, REFILL]);

    // A send the balance covers takes no refill, due or not.
    offset = 6 * DAY;
    expect(finalOf((await u.ask({ text: 'Covered' })).events).final).toBe(true);
    expect((await rows()).filter((r) => r.kind === 'refill')).toHaveLength(2);
  });
});
