import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BANNED_TEXT,
  LOGIN_RATE_LIMITED_TEXT,
  TOKEN_TTL,
  NO_PARENT,
  isErrorEvent,
  type ErrorEvent,
  concurrentLimitText,
  messageLimitText,
  type ApiErrorBody,
  type BannedUser,
  type ViolationRow,
} from '@chat/contract';
import { assistants, conversations, messages, users, violations } from '../../db/schema.js';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { authed, registerUser } from '../../../test/support/harness.js';
import { createdOf, type SseEvent } from '../../../test/support/sse-client.js';
import { MODERATION_OFF } from './service.js';

const OPERATOR = 'moderator@example.com';
const HOUR = 60 * 60_000;

/** A clock the tests move on (bans end), starting at the real time. */
let offset = 0;
const clock = () => Date.now() + offset;

let h: ChatHarness;
let operator: ReturnType<typeof authed>;

beforeAll(async () => {
  h = await startChatApp(
    {
      adminEmail: OPERATOR,
      titleConvo: false,
      loginRateLimit: { max: 3, windowMs: 60_000 },
      moderation: {
        ...MODERATION_OFF,
        banViolations: true,
        banInterval: 10,
        banDurationMs: 2 * HOUR,
        concurrent: { enabled: true, max: 1 },
        messageUser: { enabled: true, max: 3, windowMs: 60_000 },
      },
    },
    { clock },
  );
  operator = authed(h.url, (await registerUser(h.url, 'Operator', OPERATOR)).token);
});
afterAll(() => h.close());

type ChatUser = Awaited<ReturnType<typeof chatUser>>;

const errorOf = async (res: Response) => ({ status: res.status, body: (await res.json()) as ApiErrorBody });
const scoreOf = async (u: ChatUser) =>
  (await h.database.db.select().from(violations).where(eq(violations.userId, u.user.user.id))).reduce(
    (sum, v) => sum + v.score,
    0,
  );

/** Starts a reply that hangs until it is stopped; answers its conversation id. */
async function startHanging(u: ChatUser): Promise<{ conversationId: string; stop: () => Promise<void> }> {
  let conversationId = '';
  const streaming = u.ask(
    { text: 'Wait [[fake hang]]' },
    {
      onEvent: (e: SseEvent) => {
        const c = createdOf(e);
        if (c) conversationId = c.conversationId;
      },
    },
  );
  await waitFor(() => conversationId !== '');
  return {
    conversationId,
    async stop() {
      expect((await u.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } })).status).toBe(200);
      await streaming;
    },
  };
}

async function ban(email: string, duration?: number): Promise<Response> {
  return operator('/api/admin/banUser', { body: { email, ...(duration ? { duration } : {}) } });
}

describe('bans', () => {
  it('a banned user gets 403 banned with the spec text on routes, refresh and login; not after the ban ends', async () => {
    const u = await chatUser(h, 'Banned One');
    const res = await ban(u.user.email);
    expect(res.status).toBe(200);
    const banned = (await res.json()) as BannedUser;
    expect(banned.email).toBe(u.user.email);
    expect(new Date(banned.expiresAt).getTime()).toBeGreaterThan(clock() + 2 * HOUR - 60_000);

    for (const path of ['/api/user', '/api/convos', '/api/presets', '/api/balance']) {
      expect(await errorOf(await u.api(path))).toEqual({
        status: 403,
        body: { code: 'banned', message: BANNED_TEXT },
      });
    }
    expect(
      await errorOf(await u.api('/api/ask/openAI', { body: { text: 'hi', conversationId: null } })),
    ).toEqual({
      status: 403,
      body: { code: 'banned', message: BANNED_TEXT },
    });
    const refresh = await fetch(`${h.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: u.user.cookie },
    });
    expect(await errorOf(refresh)).toEqual({ status: 403, body: { code: 'banned', message: BANNED_TEXT } });
    const login = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.user.email, password: u.user.password }),
    });
    expect(await errorOf(login)).toEqual({ status: 403, body: { code: 'banned', message: BANNED_TEXT } });

    const list = (await (await operator('/api/admin/getBannedUsers')).json()) as BannedUser[];
    expect(list.map((b) => b.email)).toContain(u.user.email);

    // The ban ends: the same token works again, and login too.
    offset += 2 * HOUR + 1000;
    try {
      expect((await u.api('/api/user')).status).toBe(200);
      const again = await fetch(`${h.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: u.user.email, password: u.user.password }),
      });
      expect(again.status).toBe(200);
      const after = (await (await operator('/api/admin/getBannedUsers')).json()) as BannedUser[];
      expect(after.map((b) => b.email)).not.toContain(u.user.email);
    } finally {
      offset -= 2 * HOUR + 1000;
    }
  });

  it('a ban ended in the database (the admin command line) ends here within the cache time', async () => {
    const u = await chatUser(h, 'Unbanned Elsewhere');
    expect((await ban(u.user.email)).status).toBe(200);
    expect((await u.api('/api/user')).status).toBe(403);
    await h.database.db.update(users).set({ bannedUntil: null }).where(eq(users.id, u.user.user.id));
    offset += TOKEN_TTL.liveSessionCacheSeconds * 1000 + 1;
    try {
      expect((await u.api('/api/user')).status).toBe(200);
    } finally {
      offset -= TOKEN_TTL.liveSessionCacheSeconds * 1000 + 1;
    }
  });

  it("stops the banned user's running reply at once: saved unfinished, its stream ends with the banned error", async () => {
    const u = await chatUser(h, 'Banned Mid Reply');
    let conversationId = '';
    let firstDelta: () => void = () => {};
    const streaming = new Promise<void>((r) => (firstDelta = r));
    const reading = u.ask(
      { text: '[[fake reply="one two three four five six" hangAfter=3]]' },
      {
        onEvent: (e: SseEvent) => {
          const c = createdOf(e);
          if (c) conversationId = c.conversationId;
          if (e.data && typeof e.data === 'object' && 'text' in e.data && !('final' in e.data)) firstDelta();
        },
      },
    );
    await streaming;
    expect((await ban(u.user.email)).status).toBe(200);
    // The reply was stopped by the ban itself: the stream has ended by the time the ban answered
    // (the upstream hangs for ever otherwise).
    const r = await reading;
    const last = r.events.at(-1)!.data as ErrorEvent;
    expect(isErrorEvent(last)).toBe(true);
    expect(last).toMatchObject({ error: true, code: 'banned', message: BANNED_TEXT });
    expect(last.responseMessage).toMatchObject({ unfinished: true, error: false });
    const rows = await h.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    const reply = rows.find((m) => !m.isCreatedByUser)!;
    expect(reply).toMatchObject({ unfinished: true, error: false });
    expect(reply.text.length).toBeGreaterThan(0);
    expect('one two three four five six'.startsWith(reply.text)).toBe(true);
  });

  it('answers every guarded route of the app 403 banned while a public one (logout) still works', async () => {
    const u = await chatUser(h, 'Banned Everywhere');
    expect((await ban(u.user.email)).status).toBe(200);
    const guarded = h.app.routeTable.filter(
      (r) => !r.public && r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(guarded.length).toBeGreaterThan(50);
    for (const r of guarded) {
      const path = r.url.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*$/, 'x');
      const res = await u.api(path, { method: r.method });
      expect({ route: `${r.method} ${r.url}`, ...(await errorOf(res)) }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
        body: { code: 'banned', message: BANNED_TEXT },
      });
    }
    const logout = await fetch(`${h.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: u.user.cookie },
    });
    expect(logout.status).toBe(200);
  });

  it('only the operator may ban and list; an unknown email is 404', async () => {
    const u = await chatUser(h, 'Not Operator');
    const other = await chatUser(h, 'Target');
    for (const [method, path] of [
      ['POST', '/api/admin/banUser'],
      ['GET', '/api/admin/getBannedUsers'],
      ['GET', '/api/admin/getTopViolationsThisMonth'],
    ] as const) {
      const res = await u.api(path, method === 'POST' ? { body: { email: other.user.email } } : {});
      expect(res.status).toBe(403);
    }
    expect((await other.api('/api/user')).status).toBe(200);
    expect((await ban('no-such-user@example.com')).status).toBe(404);
    expect(
      (await operator('/api/admin/banUser', { body: { email: other.user.email, duration: 10 } })).status,
    ).toBe(400);
    // Not their own account: that would lock the only operator out.
    const self = await ban(OPERATOR);
    expect(self.status).toBe(400);
    expect(((await self.json()) as { message: string }).message).toBe(
      "The operator's own account cannot be suspended",
    );
    expect((await operator('/api/admin/getBannedUsers')).status).toBe(200);
  });
});

describe('message limits and violations', () => {
  it('refuses a send past CONCURRENT_MESSAGE_MAX with the concurrent text (no violation), and frees the slot when the reply ends', async () => {
    const u = await chatUser(h, 'Concurrent');
    const first = await startHanging(u);
    const second = await u.ask({ text: 'Another' });
    expect(second.status).toBe(429);
    expect(second.json).toEqual({ code: 'concurrent', message: concurrentLimitText(1) });
    // Refused by the product's own state (a reply still running), not the user's misuse: no violation.
    expect(await scoreOf(u)).toBe(0);
    await first.stop();
    const third = await u.ask({ text: 'Now it may' });
    expect(third.status).toBe(200);
  });

  it('records ILLEGAL_MODEL_REQ_SCORE for a model not offered; a send refused after the gates frees its slot', async () => {
    const u = await chatUser(h, 'Illegal');
    const res = await u.ask({ model: 'not-offered-model' });
    expect(res.status).toBe(400);
    expect((res.json as ApiErrorBody).code).toBe('unknown_model');
    expect(await scoreOf(u)).toBe(MODERATION_OFF.scores.illegal_model_request);
    // No such conversation: refused (404) after the concurrent gate took the only slot.
    const missing = await u.ask({ conversationId: randomUUID(), parentMessageId: randomUUID() });
    expect(missing.status).toBe(404);
    expect((await u.ask({ text: 'fine' })).status).toBe(200);
  });

  it("an assistant's model no endpoint runs any more (the configuration changed) is refused without a violation", async () => {
    const u = await chatUser(h, 'Assistant Owner');
    const made = await u.api('/api/assistants', { body: { model: 'gpt-4o-mini', name: 'Helper' } });
    expect(made.status).toBe(200);
    const { id } = (await made.json()) as { id: string };
    await h.database.db.update(assistants).set({ model: 'gpt-4-gone-since' }).where(eq(assistants.id, id));
    const res = await u.api('/api/assistants/chat', {
      body: { assistant_id: id, text: 'Hi', conversationId: null, parentMessageId: NO_PARENT },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).code).toBe('unknown_model');
    expect(await scoreOf(u)).toBe(0);
  });

  it('refuses sends past MESSAGE_USER_MAX in the window with the message_limit text, until the window passes', async () => {
    const u = await chatUser(h, 'Chatty');
    for (let i = 0; i < 3; i++) expect((await u.ask({ text: `m${i}` })).status).toBe(200);
    const over = await u.ask({ text: 'one more' });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ code: 'message_limit', message: messageLimitText(3, 1) });
    expect(messageLimitText(3, 1)).toBe(
      'You hit the message limit. You have a cap of 3 message(s) per minute.',
    );
    expect(await scoreOf(u)).toBe(1);
    offset += 61_000;
    try {
      expect((await u.ask({ text: 'next window' })).status).toBe(200);
    } finally {
      offset -= 61_000;
    }
  });

  it("bans a user whose violation score reaches BAN_INTERVAL, and lists them in this month's violations", async () => {
    const u = await chatUser(h, 'Violator');
    // Two illegal requests (5 each) reach the interval of 10.
    expect((await u.ask({ model: 'nope-1' })).status).toBe(400);
    expect((await u.api('/api/user')).status).toBe(200);
    const second = await u.ask({ model: 'nope-2' });
    expect(second.status).toBe(400);
    expect(await errorOf(await u.api('/api/user'))).toEqual({
      status: 403,
      body: { code: 'banned', message: BANNED_TEXT },
    });
    const rows = (await (await operator('/api/admin/getTopViolationsThisMonth')).json()) as ViolationRow[];
    expect(rows.find((r) => r.email === u.user.email)).toMatchObject({ count: 2, score: 10 });
  });

  it('answers login attempts past LOGIN_MAX with 429 and the spec text, and charges no account with them', async () => {
    const u = await chatUser(h, 'Login Tries');
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${h.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: u.user.email, password: 'wrong password here' }),
      });
    }
    expect(await errorOf(last!)).toEqual({
      status: 429,
      body: { code: 'login_rate_limited', message: LOGIN_RATE_LIMITED_TEXT },
    });
    // Whoever sent them, the account they named did nothing: no violation, no ban.
    expect(await scoreOf(u)).toBe(0);
    expect((await u.api('/api/user')).status).toBe(200);
  });

  it('records no violation for a model the conversation was stored with and the configuration dropped since', async () => {
    const u = await chatUser(h, 'Retired Model');
    const first = await u.ask({ text: 'hello' });
    expect(first.status).toBe(200);
    const created = first.events.map(createdOf).find(Boolean)!;
    await h.database.db
      .update(conversations)
      .set({ model: 'retired-model' })
      .where(eq(conversations.conversationId, created.conversationId));
    const res = await u.ask({
      model: 'retired-model',
      conversationId: created.conversationId,
      parentMessageId: created.responseMessageId,
    });
    expect(res.status).toBe(400);
    expect((res.json as ApiErrorBody).code).toBe('unknown_model');
    expect(await scoreOf(u)).toBe(0);
  });
});

describe('MESSAGE_IP_MAX', () => {
  let ip: ChatHarness;
  beforeAll(async () => {
    ip = await startChatApp({
      titleConvo: false,
      moderation: {
        ...MODERATION_OFF,
        banViolations: true,
        messageIp: { enabled: true, max: 2, windowMs: 5 * 60_000 },
      },
    });
  });
  afterAll(() => ip.close());

  it('counts the sends of every user from one address; past it the send is refused with the message_limit text', async () => {
    const a = await chatUser(ip, 'Same Address A');
    const b = await chatUser(ip, 'Same Address B');
    expect((await a.ask({ text: 'one' })).status).toBe(200);
    expect((await b.ask({ text: 'two' })).status).toBe(200);
    const over = await b.ask({ text: 'three' });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ code: 'message_limit', message: messageLimitText(2, 5) });
    expect(messageLimitText(2, 5)).toBe(
      'You hit the message limit. You have a cap of 2 message(s) per 5 minutes.',
    );
    // B is refused for sends of others from its address: no violation of B's (nor of A's).
    const scores = await ip.database.db.select().from(violations);
    expect(scores.filter((v) => v.userId === b.user.user.id || v.userId === a.user.user.id)).toEqual([]);
    // Other routes are not counted.
    expect((await a.api('/api/convos')).status).toBe(200);
  });
});
