import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_LIMITS, type ApiErrorBody, type FinalEvent } from '@chat/contract';
import {
  accountDeletions,
  assistants,
  balances,
  conversations,
  messages,
  pluginAuth,
  presets,
  sessions,
  transactions,
  userKeys,
  users,
} from '../../db/schema.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { expectSessionCookiesCleared } from '../../../test/support/session-cookies.js';

let h: ChatHarness;
type User = Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  h = await startChatApp();
});
afterAll(() => h.close());

const TABLES = {
  sessions: sessions.userId,
  conversations: conversations.userId,
  messages: messages.userId,
  presets: presets.userId,
  userKeys: userKeys.userId,
  pluginAuth: pluginAuth.userId,
  assistants: assistants.userId,
  balances: balances.userId,
  transactions: transactions.userId,
  users: users.id,
} as const;

/** How many rows of each table belong to the user. */
async function rowsOf(userId: string): Promise<Record<keyof typeof TABLES, number>> {
  const out = {} as Record<keyof typeof TABLES, number>;
  for (const [name, column] of Object.entries(TABLES) as [
    keyof typeof TABLES,
    (typeof TABLES)[keyof typeof TABLES],
  ][]) {
    const [row] = await h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(column.table)
      .where(eq(column, userId));
    out[name] = row!.n;
  }
  return out;
}

/** Gives the user one of everything an account can own. */
async function seed(u: User): Promise<void> {
  const id = u.user.user.id;
  const asked = await u.ask({ text: 'Hello there [[fake reply="Hi"]]' });
  expect((asked.events.at(-1)!.data as FinalEvent).final).toBe(true);
  const ok = (res: Response) => expect(res.status, res.url).toBe(200);
  ok(await u.api('/api/presets', { body: { title: 'Mine', endpoint: 'openAI', model: 'gpt-4o-mini' } }));
  ok(
    await u.api('/api/keys', {
      method: 'PUT',
      body: { name: 'byok', value: 'sk-own', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    }),
  );
  ok(await u.api('/api/assistants', { body: { name: 'Helper', model: 'gpt-4o-mini' } }));
  const db = h.database.db;
  await db
    .insert(pluginAuth)
    .values({ userId: id, pluginKey: 'tavily', authField: 'TAVILY_API_KEY', value: 'x' });
  await db.insert(balances).values({ userId: id, tokenCredits: 100 }).onConflictDoNothing();
  await db.insert(transactions).values({ userId: id, kind: 'issue', amount: 100, balanceAfter: 100 });
}

const deleteUser = (u: User, body: unknown = {}) => u.api('/api/user', { method: 'DELETE', body });

describe('DELETE /api/user', () => {
  it("deletes the caller and all their data, ends the session, and leaves another user's untouched", async () => {
    const ann = await chatUser(h, 'Ann');
    const ben = await chatUser(h, 'Ben');
    await seed(ann);
    await seed(ben);
    const before = await rowsOf(ann.user.user.id);
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const benBefore = await rowsOf(ben.user.user.id);

    const res = await deleteUser(ann, { reason: '  Found another app  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'User deleted' });
    // The refresh cookie and the session hint are cleared, each on its own path.
    expectSessionCookiesCleared(res);

    expect(Object.values(await rowsOf(ann.user.user.id))).toEqual(Object.values(before).map(() => 0));
    expect(await rowsOf(ben.user.user.id)).toEqual(benBefore);
    expect((await ben.api('/api/user')).status).toBe(200);

    // The reason is kept trimmed, with nothing that names the account.
    const feedback = await h.database.db.select().from(accountDeletions);
    expect(feedback.map((r) => r.reason)).toContain('Found another app');
    expect(JSON.stringify(feedback)).not.toContain(ann.user.user.id);

    // The access token, the refresh cookie and the password all stop working at once.
    // The old access token takes the deleted-account path.
    const me = await ann.api('/api/user');
    expect(me.status).toBe(403);
    expect(((await me.json()) as ApiErrorBody).code).toBe('account_deleted');
    const refresh = await fetch(`${h.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: ann.user.cookie },
    });
    expect(refresh.status).toBe(401);
    const login = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ann.user.email, password: ann.user.password }),
    });
    expect(login.status).toBe(401);
    expect(((await login.json()) as ApiErrorBody).code).toBe('invalid_credentials');
    // A second delete with the old token changes nothing.
    expect((await deleteUser(ann)).status).toBe(403);
  });

  it('takes an empty body (no reason), and records the deletion without a reason', async () => {
    const cy = await chatUser(h, 'Cyan');
    const countBefore = (await h.database.db.select().from(accountDeletions)).length;
    const res = await deleteUser(cy);
    expect(res.status).toBe(200);
    expect((await rowsOf(cy.user.user.id)).users).toBe(0);
    const feedback = await h.database.db.select().from(accountDeletions);
    expect(feedback).toHaveLength(countBefore + 1);
    expect(feedback.filter((r) => r.reason === null).length).toBeGreaterThan(0);
  });

  it('refuses an over-long or malformed reason and deletes nothing', async () => {
    const dee = await chatUser(h, 'Dee');
    for (const body of [{ reason: 'x'.repeat(ACCOUNT_LIMITS.deleteReasonMaxChars + 1) }, { reason: 42 }]) {
      const res = await deleteUser(dee, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).code).toBe('validation_error');
    }
    expect((await rowsOf(dee.user.user.id)).users).toBe(1);
    expect((await dee.api('/api/user')).status).toBe(200);
  });

  it('needs a session and a JSON body', async () => {
    const res = await fetch(`${h.url}/api/user`, { method: 'DELETE' });
    expect(res.status).toBe(401);
    const fay = await chatUser(h, 'Fay');
    const bare = await fay.api('/api/user', { method: 'DELETE' });
    expect(bare.status).toBe(400);
    expect((await rowsOf(fay.user.user.id)).users).toBe(1);
  });

  it('lets the e-mail address sign up again, as a new, empty account', async () => {
    const eve = await chatUser(h, 'Eve');
    await seed(eve);
    expect((await deleteUser(eve)).status).toBe(200);
    const again = await fetch(`${h.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Eve',
        email: eve.user.email,
        password: eve.user.password,
        confirm_password: eve.user.password,
      }),
    });
    expect(again.status).toBe(200);
    const { user } = (await again.json()) as { user: { id: string } };
    expect(user.id).not.toBe(eve.user.user.id);
    const rows = await rowsOf(user.id);
    expect(rows.conversations + rows.presets + rows.userKeys + rows.assistants).toBe(0);
  });
});
