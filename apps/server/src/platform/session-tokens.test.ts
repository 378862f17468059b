import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createAccessTokenVerifier, signAccessToken, type AccessClaims } from './session-tokens.js';

const secret = new Uint8Array(randomBytes(32));
const claims: AccessClaims = { id: 'u1', role: 'USER', sid: 's1' };

/** A token's `exp`, read from its payload. */
const expOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

/** A verifier whose signature checks (by the real verifier) are counted. */
function counted(opts: { maxEntries?: number; now?: () => number } = {}) {
  let checks = 0;
  const plain = createAccessTokenVerifier(secret);
  const verify = createAccessTokenVerifier(secret, {
    ...opts,
    verify: async (token) => {
      checks++;
      return { claims: await plain(token), exp: expOf(token) };
    },
  });
  return { verify, checks: () => checks };
}

describe('createAccessTokenVerifier', () => {
  it("checks a token's signature once, then answers its claims from memory", async () => {
    const { verify, checks } = counted();
    const token = await signAccessToken(claims, secret);
    const first = await verify(token);
    const again = await verify(token);
    expect(first).toEqual(claims);
    expect(again).toEqual(claims);
    expect(checks()).toBe(1);
    // The remembered claims are shared between requests, so nothing may change them.
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('a remembered token expires at its exp, as jose says (token_expired), and is forgotten', async () => {
    let nowMs = Date.now();
    const { verify, checks } = counted({ now: () => nowMs });
    const token = await signAccessToken(claims, secret);
    await verify(token);
    const exp = expOf(token);
    nowMs = exp * 1000 - 1;
    await expect(verify(token)).resolves.toEqual(claims);
    nowMs = exp * 1000;
    await expect(verify(token)).rejects.toMatchObject({ code: 'token_expired' });
    expect(checks()).toBe(1);
  });

  it('does not remember a refused token: a bad signature or another key is checked every time', async () => {
    const { verify, checks } = counted();
    const token = await signAccessToken(claims, secret);
    const [h, p, sig] = token.split('.');
    const tampered = `${h}.${p}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const foreign = await signAccessToken(claims, new Uint8Array(randomBytes(32)));
    for (const bad of [tampered, foreign, tampered, foreign]) {
      await expect(verify(bad)).rejects.toMatchObject({ code: 'unauthorized' });
    }
    expect(checks()).toBe(4);
    // The good token is still accepted after them.
    await expect(verify(token)).resolves.toEqual(claims);
  });

  it('refuses alg none and a token without a session id, remembered or not', async () => {
    const verify = createAccessTokenVerifier(secret);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ sub: 'u1', sid: 's1', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url');
    await expect(verify(`${header}.${body}.`)).rejects.toMatchObject({ code: 'unauthorized' });
    const noSid = await new SignJWT({ role: 'USER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime('1m')
      .sign(secret);
    await expect(verify(noSid)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(verify(noSid)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('keeps at most maxEntries tokens, letting the oldest go first', async () => {
    const { verify, checks } = counted({ maxEntries: 2 });
    const tokens = await Promise.all(
      [1, 2, 3].map((n) => signAccessToken({ ...claims, sid: `s${n}` }, secret)),
    );
    for (const t of tokens) await verify(t);
    expect(checks()).toBe(3);
    await verify(tokens[2]!);
    await verify(tokens[1]!);
    expect(checks()).toBe(3);
    await verify(tokens[0]!); // the oldest was let go: checked again
    expect(checks()).toBe(4);
  });

  it('lets an expired token go when a new one comes, before the limit is reached', async () => {
    let nowMs = Date.now();
    const { verify, checks } = counted({ now: () => nowMs, maxEntries: 100 });
    const old = await signAccessToken(claims, secret);
    await verify(old);
    const exp = expOf(old);
    nowMs = exp * 1000 + 1000;
    // A token signed "later" (its own exp is far ahead of the moved clock).
    const fresh = await new SignJWT({ role: 'USER', sid: 's2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime(exp + 3600)
      .sign(secret);
    await verify(fresh);
    // The old one was dropped when the fresh one was kept: now it is checked again (and jose,
    // on the real clock, still finds it valid), instead of answered expired from memory.
    nowMs = Date.now();
    await verify(old);
    expect(checks()).toBe(3);
  });
});
