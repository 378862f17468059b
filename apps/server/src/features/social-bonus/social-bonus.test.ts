// The social-media bonus over real HTTP: once per platform and user (a unique claim row), credited
// to the balance with a `bonus` transaction in the same database transaction; parallel claims of
// one platform credit once; free-tier accounts cannot claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SOCIAL_BONUS_DEFAULT_TOKENS,
  SOCIAL_BONUS_TEXTS,
  type ApiErrorBody,
  type ClaimSocialBonusResponse,
  type SocialBonusStatus,
} from '@chat/contract';
import { buildAppConfig, socialBonusConfigFrom } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { socialBonusClaims, transactions } from '../../db/schema.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

const claim = (h: Harness, token: string, platform: unknown) =>
  authed(h.url, token)('/api/user/claimSocialMediaBonus', { body: { platform } });
const balanceOf = async (h: Harness, token: string) =>
  Number(await (await authed(h.url, token)('/api/balance')).text());

describe('configuration', () => {
  it('defaults to every platform and SOCIAL_BONUS_DEFAULT_TOKENS; 0 tokens turns it off', () => {
    expect(socialBonusConfigFrom(parseEnv({}))).toEqual({
      tokens: SOCIAL_BONUS_DEFAULT_TOKENS,
      platforms: ['x', 'facebook', 'linkedin', 'reddit'],
    });
    expect(
      socialBonusConfigFrom(parseEnv({ SOCIAL_BONUS_TOKENS: '100', SOCIAL_BONUS_PLATFORMS: 'x, reddit' })),
    ).toEqual({ tokens: 100, platforms: ['x', 'reddit'] });
    expect(socialBonusConfigFrom(parseEnv({ SOCIAL_BONUS_TOKENS: '0' }))).toBeUndefined();
    expect(() => parseEnv({ SOCIAL_BONUS_PLATFORMS: 'x,myspace' })).toThrow(/SOCIAL_BONUS_PLATFORMS/);
    expect(() => parseEnv({ SOCIAL_BONUS_TOKENS: '-5' })).toThrow();
    // Only where balances are checked.
    const secrets = {
      JWT_SECRET: 'x'.repeat(32),
      JWT_REFRESH_SECRET: 'y'.repeat(32),
      CREDS_KEY: 'a'.repeat(64),
      CREDS_IV: 'b'.repeat(32),
    };
    expect(buildAppConfig(parseEnv({}), secrets).socialBonus).toBeUndefined();
    expect(buildAppConfig(parseEnv({ CHECK_BALANCE: 'true' }), secrets).socialBonus?.tokens).toBe(
      SOCIAL_BONUS_DEFAULT_TOKENS,
    );
  });
});

describe('claimSocialMediaBonus', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({
      checkBalance: true,
      startBalance: 1000,
      socialBonus: { tokens: 250, platforms: ['x', 'facebook'] },
      freeTier: { messages: 2 },
    });
  });
  afterAll(() => h.close());

  it('credits the bonus once per platform, with a bonus transaction; a second claim is a 409', async () => {
    const u = await registerUser(h.url, 'Sharing Sam');
    const status = (await (
      await authed(h.url, u.token)('/api/user/socialMediaBonus')
    ).json()) as SocialBonusStatus;
    expect(status).toEqual({
      tokens: 250,
      platforms: [
        { platform: 'x', claimed: false },
        { platform: 'facebook', claimed: false },
      ],
    });
    const first = await claim(h, u.token, 'x');
    expect(first.status).toBe(200);
    expect((await first.json()) as ClaimSocialBonusResponse).toEqual({
      platform: 'x',
      tokens: 250,
      balance: 1250,
    });
    expect(await balanceOf(h, u.token)).toBe(1250);

    const again = await claim(h, u.token, 'x');
    expect(again.status).toBe(409);
    const body = (await again.json()) as ApiErrorBody;
    expect(body).toMatchObject({ code: 'conflict', message: SOCIAL_BONUS_TEXTS.alreadyClaimed });
    expect(await balanceOf(h, u.token)).toBe(1250);

    const other = await claim(h, u.token, 'facebook');
    expect(other.status).toBe(200);
    expect(await balanceOf(h, u.token)).toBe(1500);

    const rows = await h.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, u.user.id), eq(transactions.kind, 'bonus')));
    expect(rows.map((r) => [r.amount, r.reason]).sort()).toEqual([
      [250, 'social bonus: facebook'],
      [250, 'social bonus: x'],
    ]);
    const after = (await (
      await authed(h.url, u.token)('/api/user/socialMediaBonus')
    ).json()) as SocialBonusStatus;
    expect(after.platforms.every((p) => p.claimed)).toBe(true);
  });

  it('parallel claims of one platform credit it once', async () => {
    const u = await registerUser(h.url, 'Racing Rita');
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await claim(h, u.token, 'x')).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await balanceOf(h, u.token)).toBe(1250);
    const claims = await h.database.db
      .select()
      .from(socialBonusClaims)
      .where(eq(socialBonusClaims.userId, u.user.id));
    expect(claims).toHaveLength(1);
  });

  it('refuses a platform not offered or unknown, and a free-tier account', async () => {
    const u = await registerUser(h.url, 'Picky Pia');
    const notOffered = await claim(h, u.token, 'reddit');
    expect(notOffered.status).toBe(404);
    expect(((await notOffered.json()) as ApiErrorBody).message).toBe(SOCIAL_BONUS_TEXTS.notOffered);
    expect((await claim(h, u.token, 'myspace')).status).toBe(400);
    expect((await claim(h, u.token, undefined)).status).toBe(400);

    const q = new URLSearchParams({ fingerprint: 'f'.repeat(64) });
    const free = (await (await fetch(`${h.url}/api/user/checkFreeTier?${q}`, { method: 'POST' })).json()) as {
      token: string;
    };
    // Refused whatever it asks: an offered platform, one not offered, none, or one that is no platform.
    for (const platform of ['x', 'reddit', 'myspace', undefined]) {
      const refused = await claim(h, free.token, platform);
      expect(refused.status, String(platform)).toBe(403);
      expect(((await refused.json()) as ApiErrorBody).message).toBe(SOCIAL_BONUS_TEXTS.freeTier);
    }
    const status = (await (
      await authed(h.url, free.token)('/api/user/socialMediaBonus')
    ).json()) as SocialBonusStatus;
    expect(status.platforms).toEqual([]);
  });
});

describe('bonus off', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ socialBonus: undefined });
  });
  afterAll(() => h.close());

  it('claims are 404 and nothing is offered', async () => {
    const u = await registerUser(h.url, 'Nobody Nils');
    const res = await claim(h, u.token, 'x');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).message).toBe(SOCIAL_BONUS_TEXTS.disabled);
    const status = (await (
      await authed(h.url, u.token)('/api/user/socialMediaBonus')
    ).json()) as SocialBonusStatus;
    expect(status).toEqual({ tokens: 0, platforms: [] });
  });
});
