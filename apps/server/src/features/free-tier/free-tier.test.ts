// The free tier over real HTTP: the device's account granted, restored by fingerprint or by the
// address the server saw, never a second allowance; each send spends one message atomically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FREE_TIER_PROVIDER,
  FREE_TIER_TEXTS,
  NO_PARENT,
  type ApiErrorBody,
  type AuthResponse,
  type StartupConfig,
  type User,
} from '@chat/contract';
import { freeTierConfigFrom } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { users } from '../../db/schema.js';
import { startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { authed, registerUser } from '../../../test/support/harness.js';
import { expectSessionCookiesSet } from '../../../test/support/session-cookies.js';

const fp = (c: string) => c.repeat(64);

async function check(h: ChatHarness, fingerprint: string, forwardedFor?: string): Promise<Response> {
  const q = new URLSearchParams({ fingerprint, ipAddress: '203.0.113.5' });
  return fetch(`${h.url}/api/user/checkFreeTier?${q}`, {
    method: 'POST',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}
async function signIn(h: ChatHarness, fingerprint: string, forwardedFor?: string): Promise<AuthResponse> {
  const res = await check(h, fingerprint, forwardedFor);
  expect(res.status, await res.clone().text()).toBe(200);
  expectSessionCookiesSet(res);
  return (await res.json()) as AuthResponse;
}
const send = (h: ChatHarness, token: string) =>
  authed(h.url, token)('/api/ask/openAI', {
    body: {
      text: 'Hello',
      conversationId: null,
      parentMessageId: NO_PARENT,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
    },
  });
const profile = async (h: ChatHarness, token: string): Promise<User> =>
  (await (await authed(h.url, token)('/api/user')).json()) as User;

describe('configuration', () => {
  it('FREE_TIER_MESSAGES turns it on; subscriptions on turn it on with the default 10', () => {
    expect(freeTierConfigFrom(parseEnv({}))).toBeUndefined();
    expect(freeTierConfigFrom(parseEnv({ FREE_TIER_MESSAGES: '2' }))).toEqual({ messages: 2 });
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_WEEKLY: 'p_w',
      STRIPE_PRICE_YEARLY: 'p_y',
    };
    expect(freeTierConfigFrom(parseEnv(stripe))).toEqual({ messages: 10 });
    expect(freeTierConfigFrom(parseEnv({ ...stripe, FREE_TIER_MESSAGES: '4' }))).toEqual({ messages: 4 });
    expect(freeTierConfigFrom(parseEnv({ ...stripe, SUBSCRIPTIONS_ENABLED: 'false' }))).toBeUndefined();
    expect(() => parseEnv({ FREE_TIER_MESSAGES: '-1' })).toThrow();
  });
});

describe('free tier on (FREE_TIER_MESSAGES, behind a proxy)', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ titleConvo: false, trustProxy: 1, freeTier: { messages: 3 } });
  });
  afterAll(() => h.close());

  it('the startup config says so (the public pages offer Try Now)', async () => {
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.freeTierEnabled).toBe(true);
  });

  it('grants a freeTier account with the allowance; the same device or address gets what is left, never the chats', async () => {
    const first = await signIn(h, fp('a'), '198.51.100.1');
    expect(first.user.provider).toBe(FREE_TIER_PROVIDER);
    expect(first.user.metadata.freeMessages).toBe(3);
    expect(JSON.stringify(first.user)).not.toMatch(/aaaaaaaa|198\.51|203\.0/);
    const row = (await h.database.db.select().from(users).where(eq(users.id, first.user.id)))[0]!;
    expect(row.registrationIp).toBe('198.51.100.1');
    expect(row.reportedIp).toBe('203.0.113.5');
    expect(row.passwordHash).toBeNull();

    const sent = await send(h, first.token);
    expect(sent.status).toBe(200);
    await sent.text();
    const listOf = async (token: string) =>
      ((await (await authed(h.url, token)('/api/convos')).json()) as { conversations: unknown[] })
        .conversations;
    expect(await listOf(first.token)).toHaveLength(1);

    // Storage cleared, the same fingerprint from another address: a new account with the 2 left;
    // the old one keeps its conversation (only its own session sees it) and gives up its messages.
    const byFingerprint = await signIn(h, fp('a'), '198.51.100.2');
    expect(byFingerprint.user.id).not.toBe(first.user.id);
    expect(byFingerprint.user.metadata.freeMessages).toBe(2);
    expect(await listOf(byFingerprint.token)).toHaveLength(0);
    expect((await profile(h, first.token)).metadata.freeMessages).toBe(0);
    expect(await listOf(first.token)).toHaveLength(1);

    // Another browser at the first address: that address's allowance is spent (moved away above).
    const byAddress = await signIn(h, fp('b'), '198.51.100.1');
    expect(byAddress.user.metadata.freeMessages).toBe(0);
    expect(await listOf(byAddress.token)).toHaveLength(0);

    // A new device at a new address has its own allowance.
    const other = await signIn(h, fp('c'), '198.51.100.3');
    expect(other.user.metadata.freeMessages).toBe(3);
  });

  it('parallel first uses of one device share one allowance', async () => {
    const all = await Promise.all([0, 1, 2, 3].map(() => signIn(h, fp('d'), '198.51.100.4')));
    const left = await Promise.all(
      all.map(async (a) => (await profile(h, a.token)).metadata.freeMessages ?? 0),
    );
    expect(left.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(left.filter((n) => n > 0)).toHaveLength(1);
  });

  it('refuses a bad fingerprint and cannot be used with a password', async () => {
    expect((await check(h, 'short')).status).toBe(400);
    const { user } = await signIn(h, fp('e'), '198.51.100.5');
    const login = await fetch(`${h.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'anything-at-all' }),
    });
    expect(login.status).toBe(401);
  });

  it('a registered user has no free messages and is not gated by them', async () => {
    const u = await registerUser(h.url, 'Regular');
    expect(u.user.metadata.freeMessages).toBeUndefined();
    for (let i = 0; i < 4; i++) {
      const res = await send(h, u.token);
      expect(res.status).toBe(200);
      await res.text();
    }
  });
});

describe('spending', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ titleConvo: false, trustProxy: 1, freeTier: { messages: 10 } });
  });
  afterAll(() => h.close());

  it('20 parallel sends on 10 messages: exactly 10 go out, then 402 free_tier_exhausted', async () => {
    const { token } = await signIn(h, fp('f'), '198.51.100.8');
    const before = h.fake.requests.length;
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await send(h, token);
        const text = await res.text();
        return { status: res.status, text };
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(402);
      const body = JSON.parse(r.text) as ApiErrorBody;
      expect(body.code).toBe('free_tier_exhausted');
      expect(body.message).toBe(FREE_TIER_TEXTS.exhausted);
    }
    expect(h.fake.requests.length - before).toBe(10);
    expect((await profile(h, token)).metadata.freeMessages).toBe(0);
    // Storage cleared: the same device gets what it has left (nothing), not a second allowance.
    const again = await signIn(h, fp('f'), '198.51.100.8');
    expect(again.user.metadata.freeMessages).toBe(0);
    expect((await send(h, again.token)).status).toBe(402);
  });

  it('a send refused after the gate (unknown conversation) gives the message back', async () => {
    const { token } = await signIn(h, fp('g'), '198.51.100.9');
    const left = (await profile(h, token)).metadata.freeMessages!;
    const res = await authed(h.url, token)('/api/ask/openAI', {
      body: {
        text: 'Hello',
        conversationId: '11111111-1111-4111-8111-111111111111',
        parentMessageId: NO_PARENT,
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
      },
    });
    expect(res.status).toBe(404);
    expect((await profile(h, token)).metadata.freeMessages).toBe(left);
  });
});

describe('with subscriptions on', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({
      titleConvo: false,
      freeTier: { messages: 1 },
      billing: {
        subscriptionsEnabled: true,
        secretKey: 'sk_test_free_tier',
        publishableKey: null,
        webhookSecret: 'whsec_free_tier',
        prices: { weekly: 'price_weekly', yearly: 'price_yearly' },
        // The gates read the database only: Stripe is never called here.
        apiBase: 'http://127.0.0.1:9',
        jsUrl: 'https://js.stripe.com/endive/stripe.js',
      },
    });
  });
  afterAll(() => h.close());

  it('a free-tier user sends on free messages, not a subscription; a registered one needs one', async () => {
    const { token } = await signIn(h, fp('h'));
    const first = await send(h, token);
    expect(first.status).toBe(200);
    await first.text();
    const second = await send(h, token);
    expect(second.status).toBe(402);
    expect(((await second.json()) as ApiErrorBody).code).toBe('free_tier_exhausted');
    const u = await registerUser(h.url, 'Subscriber To Be');
    const refused = await send(h, u.token);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as ApiErrorBody).code).toBe('subscription_required');
  });
});

describe('free tier off', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ titleConvo: false });
  });
  afterAll(() => h.close());

  it('the startup config says so (the public pages offer no Try Now)', async () => {
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.freeTierEnabled).toBe(false);
  });

  it('checkFreeTier is 404 and nobody is gated', async () => {
    const res = await check(h, fp('a'));
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).message).toBe(FREE_TIER_TEXTS.disabled);
    const u = await registerUser(h.url, 'Anyone');
    expect((await send(h, u.token)).status).toBe(200);
  });
});
