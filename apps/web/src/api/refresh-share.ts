import { TIMINGS, type AuthResponse } from '@chat/contract';

/** The Web Lock and BroadcastChannel name shared by every tab of the app. */
export const REFRESH_CHANNEL = 'omnichat:refresh';

/** The part of the Web Locks API used here (navigator.locks). */
export interface TabLocks {
  /** With `ifAvailable`, the callback gets null at once when another holds or waits for the lock. */
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: object | null) => Promise<T>,
  ): Promise<T>;
}

/** The part of BroadcastChannel used here. */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * A number every tab reads synchronously (localStorage), bumped by the tab that completed a
 * refresh before it lets go of the lock.
 */
export interface RefreshCounter {
  read(): number;
  bump(): number;
}

type TabMessage =
  | { type: 'refreshing' }
  | { type: 'refreshed'; session: AuthResponse; seq?: number }
  | { type: 'refresh-failed' };

function asMessage(data: unknown): TabMessage | null {
  const d = data as { type?: unknown; session?: Partial<AuthResponse>; seq?: unknown } | null;
  if (d?.type === 'refreshing' || d?.type === 'refresh-failed') return { type: d.type };
  if (d?.type === 'refreshed' && typeof d.session?.token === 'string' && d.session.user) {
    const seq = typeof d.seq === 'number' ? { seq: d.seq } : {};
    return { type: 'refreshed', session: d.session as AuthResponse, ...seq };
  }
  return null;
}

function timeout(): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), TIMINGS.otherTabRefreshWaitMs));
}

/**
 * One refresh for all the tabs of a browser (they share the refresh cookie, which a rotation
 * replaces). Each refresh runs under one Web Lock and is announced on a BroadcastChannel
 * ("refreshing", then "refreshed" with the session or "refresh-failed"). A tab that gets the lock
 * after another tab refreshed while it waited takes that session instead of rotating again.
 * The lock and the channel are separate paths: the lock may come before the other tab's result
 * does, and a tab that opened after the other tab announced itself never heard "refreshing". So
 * the refreshing tab also bumps a counter every tab can read at once (localStorage) before it
 * lets go of the lock: a waiting tab that sees the counter moved knows a result is on its way and
 * waits for it. Neither path is certain to have arrived when the lock passes (Chromium delivers
 * both to other tabs asynchronously), so a tab first asks for the lock only if it is free: when it
 * was not, the tab that held it is refreshing or sharing a session, and its result ("refreshed",
 * which a tab that took another's session sends again, or "refresh-failed") is awaited. Two tabs
 * rotating the same cookie at once looked like a stolen token to the server (which has a grace
 * window too, for clients without this). Without Web Locks each tab refreshes alone.
 */
export function createRefreshSharing(
  deps: {
    locks?: TabLocks | undefined;
    channel?: TabChannel | undefined;
    counter?: RefreshCounter | undefined;
    now?: () => number;
  } = {},
) {
  const { locks, channel, counter } = deps;
  const now = deps.now ?? (() => performance.now());
  /** The last session another tab broadcast, when it arrived here, and its counter value. */
  let latest: { session: AuthResponse; at: number; seq?: number } | null = null;
  /** Another tab's refresh that announced itself and has not reported yet. */
  let elsewhere = false;
  /** When another tab last reported a failed refresh. */
  let failedAt = -Infinity;
  /** Who waits for the next result from another tab. */
  const waiters = new Set<(session: AuthResponse | null) => void>();

  channel?.addEventListener('message', (event) => {
    const message = asMessage(event.data);
    if (message?.type === 'refreshing') {
      elsewhere = true;
    } else if (message) {
      const session = message.type === 'refreshed' ? message.session : null;
      if (message.type === 'refresh-failed') failedAt = now();
      if (message.type === 'refreshed') {
        latest = {
          session: message.session,
          at: now(),
          ...(message.seq !== undefined ? { seq: message.seq } : {}),
        };
      }
      elsewhere = false;
      for (const wake of waiters) wake(session);
      waiters.clear();
    }
  });

  async function nextResult(): Promise<AuthResponse | null> {
    let wake!: (session: AuthResponse | null) => void;
    const result = new Promise<AuthResponse | null>((resolve) => (wake = resolve));
    waiters.add(wake);
    const session = await Promise.race([result, timeout()]);
    waiters.delete(wake);
    return session;
  }

  /**
   * The session another tab got while this one waited for the lock, or null when this tab must
   * refresh itself. `busy`: the lock was taken when this tab asked, so its holder reports.
   */
  async function otherTabsResult(
    since: number,
    seqBefore: number | undefined,
    busy: boolean,
  ): Promise<AuthResponse | null> {
    if (latest && latest.at >= since) return latest.session;
    const seqNow = counter?.read();
    if (seqBefore !== undefined && seqNow !== undefined && seqNow !== seqBefore) {
      // Another tab refreshed while this one waited for the lock: its broadcast is on the way.
      if (latest?.seq === seqNow) return latest.session;
      return nextResult();
    }
    if (elsewhere) {
      const session = await nextResult();
      elsewhere = false; // a tab closed mid-refresh never reports
      return session;
    }
    // The holder's result is on its way unless it was a failure that already came.
    if (busy && channel && failedAt < since) return nextResult();
    return null;
  }

  const post = (message: TabMessage) => channel?.postMessage(message);

  async function underLock(
    refresh: () => Promise<AuthResponse>,
    since: number,
    seqBefore: number | undefined,
    busy: boolean,
  ): Promise<AuthResponse> {
    const shared = await otherTabsResult(since, seqBefore, busy);
    if (shared) {
      // Sent again for a tab that queued behind this one and missed the first broadcast.
      const seq = latest?.session === shared ? latest.seq : undefined;
      post({ type: 'refreshed', session: shared, ...(seq !== undefined ? { seq } : {}) });
      return shared;
    }
    post({ type: 'refreshing' });
    try {
      const session = await refresh();
      const seq = counter?.bump();
      post({ type: 'refreshed', session, ...(seq !== undefined ? { seq } : {}) });
      return session;
    } catch (err) {
      post({ type: 'refresh-failed' });
      throw err;
    }
  }

  return function shareRefresh(refresh: () => Promise<AuthResponse>): Promise<AuthResponse> {
    if (!locks) return refresh();
    const since = now();
    const seqBefore = counter?.read();
    return locks.request(REFRESH_CHANNEL, { ifAvailable: true }, (lock) =>
      lock
        ? underLock(refresh, since, seqBefore, false)
        : locks.request(REFRESH_CHANNEL, {}, () => underLock(refresh, since, seqBefore, true)),
    );
  };
}

/** The refresh counter's localStorage key (/boot.js spells it too). */
export const COUNTER_KEY = 'omnichat:refresh-seq';

/** The refresh counter in localStorage, or none where storage is unavailable. */
function storageCounter(): RefreshCounter | undefined {
  try {
    const storage = window.localStorage;
    const read = () => Number(storage.getItem(COUNTER_KEY)) || 0;
    read();
    return {
      read,
      bump: () => {
        const next = read() + 1;
        storage.setItem(COUNTER_KEY, String(next));
        return next;
      },
    };
  } catch {
    return undefined;
  }
}

/** The browser's own lock manager, channel and storage, where it has them. */
export function browserTabs(): { locks?: TabLocks; channel?: TabChannel; counter?: RefreshCounter } {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // Tabs exist only in a browser: where the public pages are rendered on the server, a channel
  // would only keep that process's event loop busy.
  const channel =
    typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined'
      ? new BroadcastChannel(REFRESH_CHANNEL)
      : undefined;
  const counter = typeof window !== 'undefined' ? storageCounter() : undefined;
  return { ...(locks ? { locks } : {}), ...(channel ? { channel } : {}), ...(counter ? { counter } : {}) };
}
