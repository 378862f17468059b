import { afterEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@chat/contract';
import { REFRESH_CHANNEL, createRefreshSharing, type RefreshCounter, type TabLocks } from './refresh-share';

/**
 * Two tabs are two sharing instances over one lock manager and real BroadcastChannels (one per
 * tab, as each tab opens its own). The lock manager grants a name to one holder at a time, in
 * request order, as the Web Locks API does (jsdom has none; the e2e spec uses Chromium's).
 */
function lockManager(): TabLocks {
  const tails = new Map<string, Promise<unknown>>();
  /** Holders and waiters of each name: `ifAvailable` is refused while there are any. */
  const users = new Map<string, number>();
  const count = (name: string, by: number) => users.set(name, (users.get(name) ?? 0) + by);
  return {
    request(name, options, callback) {
      if (options.ifAvailable && (users.get(name) ?? 0) > 0)
        return Promise.resolve().then(() => callback(null));
      count(name, 1);
      const before = tails.get(name) ?? Promise.resolve();
      const grant = () => callback({ name });
      const run = before.then(grant, grant).finally(() => count(name, -1));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** The server's refresh cookie: a rotation replaces it; a stale one would be seen as reuse. */
function server() {
  let cookie = 0;
  let rotations = 0;
  return {
    get rotations() {
      return rotations;
    },
    /** A tab's refresh request: reads the cookie when sent, answers a little later. */
    refresh: async (): Promise<AuthResponse> => {
      const sent = cookie;
      await new Promise((r) => setTimeout(r, 20));
      if (sent !== cookie) throw new Error('reuse: the cookie was already rotated');
      cookie++;
      rotations++;
      return { token: `access-${cookie}`, user: { id: 'u1' } as AuthResponse['user'] };
    },
  };
}

const channels: BroadcastChannel[] = [];
const tab = (locks: TabLocks | undefined, counter?: RefreshCounter) => {
  const channel = new BroadcastChannel(REFRESH_CHANNEL);
  channels.push(channel);
  return createRefreshSharing({ locks, channel, counter });
};

/** localStorage as every tab sees it: one number, read and written synchronously. */
function sharedCounter(): RefreshCounter {
  let value = 0;
  return { read: () => value, bump: () => ++value };
}
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
});

describe('sharing one refresh across tabs', () => {
  it('rotates once when two tabs refresh at the same moment; both get the new session', async () => {
    const locks = lockManager();
    const s = server();
    const [a, b] = [tab(locks), tab(locks)];
    const [sa, sb] = await Promise.all([a(s.refresh), b(s.refresh)]);
    expect(s.rotations).toBe(1);
    expect(sa.token).toBe('access-1');
    expect(sb.token).toBe('access-1');
  });

  it('refreshes again later: an old broadcast is not reused', async () => {
    const locks = lockManager();
    const s = server();
    const [a, b] = [tab(locks), tab(locks)];
    await a(s.refresh);
    await new Promise((r) => setTimeout(r, 10));
    expect((await b(s.refresh)).token).toBe('access-2');
    expect(s.rotations).toBe(2);
  });

  it('lets the waiting tab try itself when the first refresh failed', async () => {
    const locks = lockManager();
    const s = server();
    const [a, b] = [tab(locks), tab(locks)];
    const failing = () => Promise.reject(new Error('offline'));
    const [ra, rb] = await Promise.allSettled([a(failing), b(s.refresh)]);
    expect(ra.status).toBe('rejected');
    expect(rb).toMatchObject({ status: 'fulfilled', value: { token: 'access-1' } });
  });

  it('without Web Locks, two tabs both rotate (what the server grace window is for)', async () => {
    const s = server();
    const results = await Promise.allSettled([tab(undefined)(s.refresh), tab(undefined)(s.refresh)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('a tab that opened after the other announced itself, and got the lock before its result, still takes that result', async () => {
    const locks = lockManager();
    const counter = sharedCounter();
    const s = server();
    const a = tab(locks, counter);
    const first = a(s.refresh); // "refreshing" goes out before the second tab exists
    await new Promise((r) => setTimeout(r, 5));
    const b = tab(locks, counter);
    // The lock passes to b in a microtask after a's refresh, before a's broadcast is delivered.
    const [sa, sb] = await Promise.all([first, b(s.refresh)]);
    expect(s.rotations).toBe(1);
    expect(sb.token).toBe(sa.token);
  });

  it('with the counter, a failed refresh elsewhere still lets the waiting tab refresh itself', async () => {
    const locks = lockManager();
    const counter = sharedCounter();
    const s = server();
    const [a, b] = [tab(locks, counter), tab(locks, counter)];
    const [ra, rb] = await Promise.allSettled([a(() => Promise.reject(new Error('offline'))), b(s.refresh)]);
    expect(ra.status).toBe('rejected');
    expect(rb).toMatchObject({ status: 'fulfilled', value: { token: 'access-1' } });
    expect(counter.read()).toBe(1);
  });

  it('a tab that asked while another held the lock waits for its result, even with no counter and no "refreshing" heard', async () => {
    const locks = lockManager();
    const s = server();
    const a = tab(locks);
    const first = a(s.refresh); // "refreshing" goes out before the second tab exists
    await new Promise((r) => setTimeout(r, 5));
    const b = tab(locks); // no shared counter: as when the other tab's write is not visible yet
    const [sa, sb] = await Promise.all([first, b(s.refresh)]);
    expect(s.rotations).toBe(1);
    expect(sb.token).toBe(sa.token);
  });

  it("a tab that took another tab's session sends it again for tabs queued behind it", async () => {
    const locks = lockManager();
    const s = server();
    const heard: string[] = [];
    const listener = new BroadcastChannel(REFRESH_CHANNEL);
    channels.push(listener);
    listener.addEventListener('message', (event: MessageEvent<{ type: string }>) =>
      heard.push(event.data.type),
    );
    const [a, b] = [tab(locks), tab(locks)];
    const [sa, sb] = await Promise.all([a(s.refresh), b(s.refresh)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(sb.token).toBe(sa.token);
    expect(heard).toEqual(['refreshing', 'refreshed', 'refreshed']);
  });
});
