import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { createAuthRepo, type AuthRepo } from './repo.js';
import { createLiveSessions } from './live-sessions.js';

let database: TestDatabase;
let repo: AuthRepo;
beforeAll(async () => {
  database = await openTestDatabase();
  repo = createAuthRepo(database.db);
});
afterAll(() => database.close());

/** A user with one session of a new family; the session row's fields can be overridden. */
async function session(over: { expiresAt?: Date } = {}) {
  const user = await repo.insertUser({
    name: 'Live',
    email: `${randomUUID()}@example.com`,
    passwordHash: 'x',
  });
  const sid = randomUUID();
  await repo.insertSession({
    userId: user!.id,
    familyId: sid,
    tokenHash: randomUUID(),
    expiresAt: over.expiresAt ?? new Date(Date.now() + 60_000),
  });
  return { id: user!.id, sid, role: 'USER' as const };
}

/** The real lookup, counting its queries. */
function counted() {
  const calls = { n: 0 };
  const lookup = (sid: string, userId: string) => {
    calls.n++;
    return repo.isSessionLive(sid, userId);
  };
  return { calls, lookup };
}

describe('the live-session lookup', () => {
  it('is live for an unrevoked, unexpired family of an existing user, and only for that user', async () => {
    const s = await session();
    expect(await repo.isSessionLive(s.sid, s.id)).toBe(true);
    expect(await repo.isSessionLive(s.sid, randomUUID())).toBe(false);
    expect(await repo.isSessionLive(randomUUID(), s.id)).toBe(false);
  });

  it('is not live once revoked, expired, or its user deleted or marked deleted', async () => {
    const revoked = await session();
    await repo.revokeFamily(revoked.sid);
    const expired = await session({ expiresAt: new Date(Date.now() - 1000) });
    const gone = await session();
    await database.db.delete(users).where(eq(users.id, gone.id));
    const marked = await session();
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, marked.id));
    for (const s of [revoked, expired, gone, marked])
      expect(await repo.isSessionLive(s.sid, s.id)).toBe(false);
  });
});

describe('the live-session cache', () => {
  it('asks the database once per session and TTL, and once for a burst', async () => {
    const s = await session();
    let now = 1_000;
    const { calls, lookup } = counted();
    const live = createLiveSessions(lookup, { ttlMs: 5000, now: () => now });
    expect(await Promise.all([live.isLive(s), live.isLive(s), live.isLive(s)])).toEqual([true, true, true]);
    expect(await live.isLive(s)).toBe(true);
    expect(calls.n).toBe(1);
    now += 5001;
    expect(await live.isLive(s)).toBe(true);
    expect(calls.n).toBe(2);
  });

  it('ends a session at once when told, without waiting for the TTL', async () => {
    const s = await session();
    const live = createLiveSessions(counted().lookup, { ttlMs: 60_000 });
    expect(await live.isLive(s)).toBe(true);
    await repo.revokeFamily(s.sid);
    live.ended(s.sid);
    expect(await live.isLive(s)).toBe(false);
  });

  it('ends every session of a user who is gone, at once', async () => {
    const s = await session();
    const live = createLiveSessions(counted().lookup, { ttlMs: 60_000 });
    expect(await live.isLive(s)).toBe(true);
    await database.db.delete(users).where(eq(users.id, s.id));
    live.userGone(s.id);
    expect(await live.isLive(s)).toBe(false);
  });

  it('does not keep a live answer read before an end that happened while it was read', async () => {
    const s = await session();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const live = createLiveSessions(async (sid, userId) => {
      const answer = await repo.isSessionLive(sid, userId);
      await gate; // the end lands between the read and the answer
      return answer;
    });
    const racing = live.isLive(s);
    await new Promise((r) => setTimeout(r, 20));
    await repo.revokeFamily(s.sid);
    live.ended(s.sid);
    release();
    expect(await racing).toBe(true); // the request that started before the logout
    expect(await live.isLive(s)).toBe(false); // every request after it
  });

  it('keeps at most maxEntries sessions, forgetting the oldest', async () => {
    const a = await session();
    const b = await session();
    const { calls, lookup } = counted();
    const live = createLiveSessions(lookup, { maxEntries: 1 });
    await live.isLive(a);
    await live.isLive(b);
    await live.isLive(a);
    expect(calls.n).toBe(3);
  });

  it('tells a deleted account from an ended session, asking once per user and TTL', async () => {
    const s = await session();
    let now = 1_000;
    let asked = 0;
    const live = createLiveSessions(counted().lookup, {
      ttlMs: 5000,
      now: () => now,
      accountDeleted: async (userId) => {
        asked++;
        return (await repo.findUserById(userId)) === undefined;
      },
    });
    expect(await Promise.all([live.isAccountDeleted(s.id), live.isAccountDeleted(s.id)])).toEqual([
      false,
      false,
    ]);
    expect(await live.isAccountDeleted(s.id)).toBe(false);
    expect(asked).toBeLessThanOrEqual(2);
    const before = asked;
    now += 5001;
    expect(await live.isAccountDeleted(s.id)).toBe(false);
    expect(asked).toBe(before + 1);
    // Deleted in this process: known at once, without a query.
    await database.db.delete(users).where(eq(users.id, s.id));
    live.userGone(s.id);
    expect(await live.isAccountDeleted(s.id)).toBe(true);
    expect(asked).toBe(before + 1);
    // Deleted elsewhere (another instance): found once the answer kept here has expired.
    const t = await session();
    expect(await live.isAccountDeleted(t.id)).toBe(false);
    await database.db.delete(users).where(eq(users.id, t.id));
    now += 5001;
    expect(await live.isAccountDeleted(t.id)).toBe(true);
  });
});
