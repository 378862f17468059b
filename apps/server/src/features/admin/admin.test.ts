import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow, AuditEntry, AuthResponse, BannedUser } from '@chat/contract';
import {
  authed,
  refreshCookieOf,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import { expectSessionCookiesSet } from '../../../test/support/session-cookies.js';
import { conversations, messages, transactions } from '../../db/schema.js';

const OPERATOR = 'panel-operator@example.com';
const HOUR = 60 * 60_000;

let h: Harness;
let operator: TestUser;

beforeAll(async () => {
  h = await startTestApp({ adminEmail: OPERATOR });
  operator = await registerUser(h.url, 'Operator', OPERATOR);
});
afterAll(() => h.close());

const as = (token: string) => authed(h.url, token);
const json = async <T>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
async function refresh(cookie: string): Promise<Response> {
  return fetch(`${h.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
}
async function auditLog(
  token: string,
  query = 'limit=200',
): Promise<{ entries: AuditEntry[]; total: number }> {
  return json(await as(token)(`/api/admin/getAuditLog?${query}`));
}

describe('the admin panel routes', () => {
  it("answers anyone but the operator 403, and marks the operator's sessions for the client", async () => {
    const user = await registerUser(h.url, 'Plain User');
    expect(user.operator).toBeUndefined();
    expect(operator.operator).toBe(true);
    const call = as(user.token);
    for (const [path, body] of [
      ['/api/admin/unbanUser', { email: user.email }],
      ['/api/admin/impersonate', { email: user.email }],
      ['/api/admin/getUserActivity', undefined],
      ['/api/admin/getAuditLog', undefined],
    ] as const) {
      const res = await call(path, body === undefined ? {} : { body });
      expect(res.status, path).toBe(403);
    }
    // Only an impersonation session may end itself.
    expect((await call('/api/admin/endImpersonation', { method: 'POST' })).status).toBe(403);
    expect((await as(operator.token)('/api/admin/endImpersonation', { method: 'POST' })).status).toBe(403);
  });

  it('bans with a duration and a reason, lists them, unbans, and logs both', async () => {
    const user = await registerUser(h.url, 'Rule Breaker');
    const op = as(operator.token);
    const banned = await json<BannedUser>(
      await op('/api/admin/banUser', { body: { email: user.email, duration: 3 * HOUR, reason: 'Spam' } }),
    );
    expect(banned.reason).toBe('Spam');
    expect(Date.parse(banned.expiresAt) - Date.now()).toBeGreaterThan(3 * HOUR - 60_000);
    const list = await json<BannedUser[]>(await op('/api/admin/getBannedUsers'));
    expect(list.find((b) => b.email === user.email)).toMatchObject({ reason: 'Spam' });
    expect((await as(user.token)('/api/user')).status).toBe(403);

    // The existing callers: no reason, the default duration.
    const other = await registerUser(h.url, 'Other');
    const plain = await json<BannedUser>(await op('/api/admin/banUser', { body: { email: other.email } }));
    expect(plain.reason).toBeNull();

    expect(await json(await op('/api/admin/unbanUser', { body: { email: user.email } }))).toEqual({
      email: user.email,
    });
    expect((await as(user.token)('/api/user')).status).toBe(200);
    const after = await json<BannedUser[]>(await op('/api/admin/getBannedUsers'));
    expect(after.map((b) => b.email)).not.toContain(user.email);
    expect((await op('/api/admin/unbanUser', { body: { email: 'nobody@example.com' } })).status).toBe(404);

    const { entries } = await auditLog(operator.token);
    const mine = entries.filter((e) => e.target === user.email);
    expect(mine.map((e) => e.action)).toEqual(['unban', 'ban']);
    expect(mine[1]).toMatchObject({ actorEmail: OPERATOR, detail: { duration: 3 * HOUR, reason: 'Spam' } });
  });

  it("impersonates: the target's session, walled off from the operator's routes, and back", async () => {
    const target = await registerUser(h.url, 'Viewed Person');
    // A session of its own, so the other tests' operator token stays live.
    const login = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OPERATOR, password: operator.password }),
    });
    const opSession = await json<AuthResponse>(login);

    const res = await as(opSession.token)('/api/admin/impersonate', { body: { email: target.email } });
    const imp = await json<AuthResponse>(res);
    expect(imp.user.email).toBe(target.email);
    expect(imp.impersonating).toBe(true);
    expect(imp.operator).toBeUndefined();
    const impCookie = refreshCookieOf(res);
    expectSessionCookiesSet(res);
    // The operator's session that asked has ended (the answer switched the user).
    expect((await as(opSession.token)('/api/user')).status).toBe(401);

    const viewing = as(imp.token);
    expect((await json<{ email: string }>(await viewing('/api/user'))).email).toBe(target.email);
    // The target's session reaches none of the operator's routes.
    for (const [path, init] of [
      ['/api/admin/getBannedUsers', {}],
      ['/api/admin/getAuditLog', {}],
      ['/api/admin/impersonate', { body: { email: OPERATOR } }],
      ['/api/admin/banUser', { body: { email: OPERATOR } }],
      ['/api/model-configs/gpt-4.1', {}],
      ['/api/%61dmin/getBannedUsers', {}],
      [`/api/user/byEmail/${encodeURIComponent(target.email)}`, { method: 'PUT', body: { role: 'ADMIN' } }],
    ] as const) {
      expect((await viewing(path, init)).status, path).toBe(403);
    }

    // A reload keeps the impersonation (its refresh answers the mark again).
    const refreshed = await refresh(impCookie);
    const again = await json<AuthResponse>(refreshed);
    expect(again).toMatchObject({ impersonating: true, user: { email: target.email } });

    const back = await as(again.token)('/api/admin/endImpersonation', { method: 'POST' });
    const own = await json<AuthResponse>(back);
    expectSessionCookiesSet(back);
    expect(own.user.email).toBe(OPERATOR);
    expect(own.operator).toBe(true);
    expect(own.impersonating).toBeUndefined();
    expect((await as(again.token)('/api/user')).status).toBe(401);
    expect((await refresh(refreshCookieOf(refreshed))).status).toBe(401);
    expect((await as(own.token)('/api/admin/getBannedUsers')).status).toBe(200);

    const { entries } = await auditLog(own.token);
    expect(entries.filter((e) => e.target === target.email).map((e) => e.action)).toEqual([
      'end_impersonation',
      'impersonate',
    ]);
  });

  it('refuses to impersonate the operator, a banned user or an unknown address', async () => {
    const op = as(operator.token);
    expect((await op('/api/admin/impersonate', { body: { email: OPERATOR } })).status).toBe(400);
    expect((await op('/api/admin/impersonate', { body: { email: 'nobody@example.com' } })).status).toBe(404);
    const user = await registerUser(h.url, 'Suspended');
    await json(await op('/api/admin/banUser', { body: { email: user.email } }));
    const refused = await op('/api/admin/impersonate', { body: { email: user.email } });
    expect(refused.status).toBe(409);
    // Never the word the client reads as the caller's own ban.
    expect(((await refused.json()) as { message: string }).message).not.toContain('ban');
    expect((await op('/api/user')).status).toBe(200);
  });

  it('lists user activity by tokens used, with sent messages, paged', async () => {
    const db = h.database.db;
    const heavy = await registerUser(h.url, 'Heavy');
    const light = await registerUser(h.url, 'Light');
    for (const [u, sent, tokens] of [
      [heavy, 3, 5000],
      [light, 1, 10],
    ] as const) {
      const conversationId = randomUUID();
      await db.insert(conversations).values({ conversationId, userId: u.user.id, endpoint: 'openAI' });
      for (let i = 0; i < sent; i++) {
        await db.insert(messages).values({
          messageId: randomUUID(),
          conversationId,
          userId: u.user.id,
          parentMessageId: '00000000-0000-0000-0000-000000000000',
          sender: 'User',
          isCreatedByUser: true,
        });
      }
      await db.insert(transactions).values({
        userId: u.user.id,
        kind: 'settle',
        amount: -tokens,
        balanceAfter: 0,
        promptTokens: tokens - 4,
        completionTokens: 4,
      });
    }
    const page = await json<{ rows: ActivityRow[]; total: number }>(
      await as(operator.token)('/api/admin/getUserActivity?limit=200'),
    );
    const emails = page.rows.map((r) => r.email);
    expect(emails.indexOf(heavy.email)).toBeLessThan(emails.indexOf(light.email));
    expect(page.rows.find((r) => r.email === heavy.email)).toMatchObject({ token: 5000, message: 3 });
    expect(page.rows.find((r) => r.email === light.email)).toMatchObject({ token: 10, message: 1 });
    expect(page.total).toBe(page.rows.length);
    const second = await json<{ rows: ActivityRow[]; total: number }>(
      await as(operator.token)('/api/admin/getUserActivity?limit=1&skip=1'),
    );
    expect(second.rows).toEqual([page.rows[1]]);
    expect(second.total).toBe(page.total);
    expect((await as(operator.token)('/api/admin/getUserActivity?limit=100000')).status).toBe(400);
  });

  it('logs role grants and model config edits, pages the log newest first', async () => {
    const op = as(operator.token);
    const writer = await registerUser(h.url, 'Writer');
    await json(
      await op(`/api/user/byEmail/${encodeURIComponent(writer.email)}`, {
        method: 'PUT',
        body: { role: 'WRITER' },
      }),
    );
    await json(await op('/api/model-configs/grok-3', { method: 'PATCH', body: { prefill: 'Sure,' } }));
    const { entries, total } = await auditLog(operator.token, 'limit=2&skip=0');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ action: 'model_config', target: 'grok-3', detail: { prefill: true } });
    expect(entries[1]).toMatchObject({
      action: 'role_change',
      target: writer.email,
      detail: { role: 'WRITER' },
    });
    const rest = await auditLog(operator.token, 'limit=2&skip=2');
    expect(rest.total).toBe(total);
    expect(rest.entries.map((e) => e.id)).not.toContain(entries[0]!.id);
  });
});
