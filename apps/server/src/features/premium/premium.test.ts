// The premium models' daily limit over real HTTP: basic users get PREMIUM_DAILY_USES sends a UTC
// day on the premium models, counted atomically; a use comes back when nothing went upstream; a
// valid subscription, a standard model or the user's own key are not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  NO_PARENT,
  PREMIUM_DEFAULT_DAILY_USES,
  PREMIUM_TEXTS,
  premiumDay,
  type ApiErrorBody,
  type EndpointsConfig,
  type PremiumStatus,
} from '@chat/contract';
import { premiumConfigFrom } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { users } from '../../db/schema.js';
import { byokEndpoint, fakeEndpoint } from '../../../test/support/chat-harness.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { createPremiumRepo } from './repo.js';

const PREMIUM = 'gpt-4.1';
const STANDARD = 'gpt-4o-mini';

describe('configuration', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PRICE_WEEKLY: 'p_w',
    STRIPE_PRICE_YEARLY: 'p_y',
  };
  it('PREMIUM_DAILY_USES turns it on; subscriptions on turn it on with the default', () => {
    expect(premiumConfigFrom(parseEnv({}))).toBeUndefined();
    expect(premiumConfigFrom(parseEnv({ PREMIUM_DAILY_USES: '3' }))).toEqual({
      dailyUses: 3,
      models: ['gpt-4.1', 'grok-3'],
    });
    expect(premiumConfigFrom(parseEnv(stripe))).toEqual({
      dailyUses: PREMIUM_DEFAULT_DAILY_USES,
      models: ['gpt-4.1', 'grok-3'],
    });
    expect(
      premiumConfigFrom(parseEnv({ ...stripe, PREMIUM_MODELS: ' gpt-4o , claude-3-opus ,' }))?.models,
    ).toEqual(['gpt-4o', 'claude-3-opus']);
    expect(premiumConfigFrom(parseEnv({ ...stripe, SUBSCRIPTIONS_ENABLED: 'false' }))).toBeUndefined();
    expect(() => parseEnv({ PREMIUM_DAILY_USES: '-1' })).toThrow();
    expect(() => parseEnv({ PREMIUM_DAILY_USES: 'many' })).toThrow();
  });
});

describe('premium limit on', () => {
  let h: Harness;
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    h = await startTestApp({
      titleConvo: false,
      premium: { dailyUses: 10, models: [PREMIUM] },
      endpoints: [
        { ...fakeEndpoint(fake), models: [STANDARD, PREMIUM] },
        { ...byokEndpoint(fake), models: [STANDARD, PREMIUM] },
      ],
    });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  const send = (token: string, body: Record<string, unknown> = {}, endpoint = 'openAI') =>
    authed(h.url, token)(`/api/ask/${endpoint === 'openAI' ? 'openAI' : 'custom'}`, {
      body: {
        text: 'Hello',
        conversationId: null,
        parentMessageId: NO_PARENT,
        endpoint,
        model: PREMIUM,
        ...body,
      },
    });
  const usedToday = (userId: string) => createPremiumRepo(h.database.db).used(userId, premiumDay());

  it('20 parallel premium sends on 10 uses: exactly 10 go out, then 429 with the quota text', async () => {
    const u = await registerUser(h.url, 'Basic Bea');
    const before = fake.requests.length;
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const res = await send(u.token);
        return { status: res.status, text: await res.text() };
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(429);
      const body = JSON.parse(r.text) as ApiErrorBody;
      expect(body.code).toBe('premium_quota_exceeded');
      expect(body.message).toBe(
        'You have reached your current usage limit for premium models. Please try again later or switch to another model.',
      );
      expect(body.message).toBe(PREMIUM_TEXTS.quotaExceeded);
    }
    expect(fake.requests.length - before).toBe(10);
    expect(await usedToday(u.user.id)).toBe(10);

    // A standard model is not limited.
    const standard = await send(u.token, { model: STANDARD });
    expect(standard.status).toBe(200);
    await standard.text();
    // Another user has their own allowance.
    const other = await registerUser(h.url, 'Basic Ben');
    const first = await send(other.token);
    expect(first.status).toBe(200);
    await first.text();
  });

  it('a valid subscription lifts the limit; an expired one does not', async () => {
    const u = await registerUser(h.url, 'Paying Pat');
    const db = h.database.db;
    await createPremiumRepo(db).take(u.user.id, premiumDay(), 10);
    for (let i = 0; i < 9; i++) await createPremiumRepo(db).take(u.user.id, premiumDay(), 10);
    expect((await send(u.token)).status).toBe(429);

    await db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, u.user.id));
    for (let i = 0; i < 2; i++) {
      const res = await send(u.token);
      expect(res.status).toBe(200);
      await res.text();
    }
    expect(await usedToday(u.user.id)).toBe(10);

    await db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.user.id));
    expect((await send(u.token)).status).toBe(429);
    await db
      .update(users)
      .set({ subscriptionStatus: 'past_due', subscriptionEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, u.user.id));
    expect((await send(u.token)).status).toBe(429);
  });

  it("a send with the user's own key is not counted", async () => {
    const u = await registerUser(h.url, 'Own Key Olga');
    const api = authed(h.url, u.token);
    const saved = await api('/api/keys', {
      method: 'PUT',
      body: { name: 'byok', value: 'sk-own', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 12; i++) {
      const res = await send(u.token, {}, 'byok');
      expect(res.status).toBe(200);
      await res.text();
    }
    expect(await usedToday(u.user.id)).toBe(0);
  });

  it('a use comes back when nothing went upstream, or the reply failed before any text', async () => {
    const u = await registerUser(h.url, 'Unlucky Ulla');
    const missing = await send(u.token, { conversationId: '11111111-1111-4111-8111-111111111111' });
    expect(missing.status).toBe(404);
    expect(await usedToday(u.user.id)).toBe(0);

    const failed = await send(u.token, { text: 'Hello [[fake status=500]]' });
    expect(failed.status).toBe(200);
    expect(await failed.text()).toMatch(/"error"/);
    // The hold settles as the reply is saved.
    const deadline = Date.now() + 5000;
    while ((await usedToday(u.user.id)) !== 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await usedToday(u.user.id)).toBe(0);

    const ok = await send(u.token);
    expect(ok.status).toBe(200);
    await ok.text();
    expect(await usedToday(u.user.id)).toBe(1);
  });

  it('tells the picker which models are premium and the uses left today, before any refusal', async () => {
    const u = await registerUser(h.url, 'Counting Cora');
    const api = authed(h.url, u.token);
    const status = async () => {
      const res = await api('/api/premium');
      expect(res.status).toBe(200);
      return (await res.json()) as PremiumStatus;
    };
    expect(await status()).toEqual({ models: [PREMIUM], limited: true, dailyUses: 10, usesLeft: 10 });
    // The endpoint list marks them where they are counted: not on the endpoint of the user's own key.
    const endpoints = (await (await api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.openAI?.premiumModels).toEqual([PREMIUM]);
    expect(endpoints.byok).toBeDefined();
    expect(endpoints.byok?.premiumModels).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const res = await send(u.token);
      expect(res.status).toBe(200);
      await res.text();
    }
    expect((await status()).usesLeft).toBe(7);
    // A standard model and the user's own key take none.
    await (await send(u.token, { model: STANDARD })).text();
    expect((await status()).usesLeft).toBe(7);
    // Used up: 0 left, and the next send is the refusal the count foretold.
    const repo = createPremiumRepo(h.database.db);
    while ((await repo.take(u.user.id, premiumDay(), 10)) !== null);
    expect((await status()).usesLeft).toBe(0);
    expect((await send(u.token)).status).toBe(429);
    // A subscriber is not limited.
    await h.database.db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, u.user.id));
    expect(await status()).toMatchObject({ models: [PREMIUM], limited: false });
    // Without a token: refused.
    expect((await fetch(`${h.url}/api/premium`)).status).toBe(401);
  });

  it('counts per UTC day', async () => {
    const u = await registerUser(h.url, 'Daily Dan');
    const repo = createPremiumRepo(h.database.db);
    for (let i = 0; i < 10; i++) expect(await repo.take(u.user.id, '2026-01-01', 10)).toBe(i + 1);
    expect(await repo.take(u.user.id, '2026-01-01', 10)).toBeNull();
    expect(await repo.take(u.user.id, '2026-01-02', 10)).toBe(1);
    expect(await repo.take(u.user.id, '2026-01-03', 0)).toBeNull();
    expect(premiumDay(Date.parse('2026-01-01T23:59:59.999Z'))).toBe('2026-01-01');
    expect(premiumDay(Date.parse('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
    const res = await send(u.token);
    expect(res.status).toBe(200);
    await res.text();
  });
});

describe('premium limit off', () => {
  let h: Harness;
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    h = await startTestApp({
      titleConvo: false,
      endpoints: [{ ...fakeEndpoint(fake), models: [STANDARD, PREMIUM] }],
    });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it('nobody is limited', async () => {
    const u = await registerUser(h.url, 'Free Fred');
    const status = await authed(h.url, u.token)('/api/premium');
    expect(await status.json()).toEqual({ models: [], limited: false, dailyUses: 0, usesLeft: 0 });
    const endpoints = (await (await authed(h.url, u.token)('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints.openAI?.premiumModels).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const res = await authed(h.url, u.token)('/api/ask/openAI', {
        body: {
          text: 'Hi',
          conversationId: null,
          parentMessageId: NO_PARENT,
          endpoint: 'openAI',
          model: PREMIUM,
        },
      });
      expect(res.status).toBe(200);
      await res.text();
    }
  });
});
