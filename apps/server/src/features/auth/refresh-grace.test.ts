import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse } from '@chat/contract';
import { sessions } from '../../db/schema.js';
import { hashToken } from '../../platform/session-tokens.js';
import { refreshCookieOf, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { backdateRotations } from '../../../test/support/sessions.js';

/**
 * Two refreshes with the same cookie at the same moment (two tabs, a retry after a dropped
 * response) are one rotation, not reuse: within the grace window the rotated token answers with
 * the same successor. After the window, reuse still revokes the family.
 */
let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

const refresh = (cookie: string) =>
  fetch(`${h.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
const me = (token: string) => fetch(`${h.url}/api/user`, { headers: { authorization: `Bearer ${token}` } });
const valueOf = (cookie: string) => cookie.slice('refreshToken='.length);

async function session(res: Response): Promise<{ cookie: string; token: string }> {
  expect(res.status).toBe(200);
  return { cookie: refreshCookieOf(res), token: ((await res.json()) as AuthResponse).token };
}

describe('refresh within the grace window', () => {
  it('answers simultaneous refreshes with one cookie with the same successor, and the session lives on', async () => {
    const u = await registerUser(h.url);
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(u.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const sessionsGiven = await Promise.all(answers.map(session));
    const cookies = new Set(sessionsGiven.map((s) => s.cookie));
    expect(cookies.size).toBe(1);
    expect([...cookies][0]).not.toBe(u.cookie);
    for (const s of sessionsGiven) expect((await me(s.token)).status).toBe(200);
    expect((await me(u.token)).status).toBe(200);
    // The successor rotates on as usual.
    await session(await refresh(sessionsGiven[0]!.cookie));
  });

  it('answers a retry after a dropped response with the same successor', async () => {
    const u = await registerUser(h.url);
    const first = await session(await refresh(u.cookie));
    const retry = await session(await refresh(u.cookie));
    expect(retry.cookie).toBe(first.cookie);
    expect((await me(retry.token)).status).toBe(200);
  });

  it('follows a chain rotated within the window to its live end', async () => {
    const u = await registerUser(h.url);
    const s1 = await session(await refresh(u.cookie)); // tab A
    const s2 = await session(await refresh(s1.cookie)); // tab A again, soon after
    const late = await session(await refresh(u.cookie)); // tab B's request, sent with the first cookie
    expect(late.cookie).toBe(s2.cookie);
  });

  it('keeps only hashes: the successor is derived, never stored', async () => {
    const u = await registerUser(h.url);
    const s1 = await session(await refresh(u.cookie));
    const rows = await h.database.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    const stored = JSON.stringify(rows);
    for (const cookie of [u.cookie, s1.cookie]) {
      expect(stored).not.toContain(valueOf(cookie));
      expect(stored).toContain(hashToken(valueOf(cookie)));
    }
  });
});

describe('refresh after the grace window, or of an ended family', () => {
  it('treats the rotated token as stolen: the whole family is revoked, access tokens included', async () => {
    const u = await registerUser(h.url);
    const s1 = await session(await refresh(u.cookie));
    expect((await me(s1.token)).status).toBe(200);
    await backdateRotations(h, u.user.id);
    expect((await refresh(u.cookie)).status).toBe(401);
    expect((await refresh(s1.cookie)).status).toBe(401);
    expect((await me(s1.token)).status).toBe(401);
  });

  it('does not bring a logged-out family back through a retry inside the window', async () => {
    const u = await registerUser(h.url);
    const s1 = await session(await refresh(u.cookie));
    await fetch(`${h.url}/api/auth/logout`, { method: 'POST', headers: { cookie: s1.cookie } });
    expect((await refresh(u.cookie)).status).toBe(401);
    expect((await refresh(s1.cookie)).status).toBe(401);
  });
});
