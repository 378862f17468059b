import { TIMINGS, type AuthResponse } from '@chat/contract';

/** The Web Lock and BroadcastChannel name shared by every tab of the app. */
export const REFRESH_CHANNEL = 'omnichat:refresh';

/** The part of the Web Locks API used here (navigator.locks). */
export interface TabLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel used here. */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

type TabMessage =
  { type: 'refreshing' } | { type: 'refreshed'; session: AuthResponse } | { type: 'refresh-failed' };

function asMessage(data: unknown): TabMessage | null {
  const d = data as { type?: unknown; session?: Partial<AuthResponse> } | null;
  if (d?.type === 'refreshing' || d?.type === 'refresh-failed') return { type: d.type };
  if (d?.type === 'refreshed' && typeof d.session?.token === 'string' && d.session.user) {
    return { type: 'refreshed', session: d.session as AuthResponse };
  }
  return null;
}

/**
 * One refresh for all the tabs of a browser (they share the refresh cookie, which a rotation
 * replaces). Each refresh runs under one Web Lock and is announced on a BroadcastChannel
 * ("refreshing", then "refreshed" with the session or "refresh-failed"). A tab that gets the lock
 * after another tab refreshed while it waited takes that session instead of rotating again; if
 * the lock came before the other tab's result did (the lock and the channel are separate
 * paths), it waits for that result. Two tabs rotating the same cookie at once looked like a
 * stolen token to the server (which now has a grace window too, for clients without this).
 * Without Web Locks each tab refreshes alone.
 */
export function createRefreshSharing(
  deps: { locks?: TabLocks | undefined; channel?: TabChannel | undefined; now?: () => number } = {},
) {
  const { locks, channel } = deps;
  const now = deps.now ?? (() => performance.now());
  /** The last session another tab broadcast, and when it arrived here. */
  let latest: { session: AuthResponse; at: number } | null = null;
  /** Another tab's refresh that announced itself and has not reported yet. */
  let elsewhere: { done: Promise<AuthResponse | null>; settle: (s: AuthResponse | null) => void } | null =
    null;

  channel?.addEventListener('message', (event) => {
    const message = asMessage(event.data);
    if (message?.type === 'refreshing') {
      let settle!: (s: AuthResponse | null) => void;
      const done = new Promise<AuthResponse | null>((resolve) => (settle = resolve));
      elsewhere = { done, settle };
    } else if (message) {
      const session = message.type === 'refreshed' ? message.session : null;
      if (session) latest = { session, at: now() };
      elsewhere?.settle(session);
      elsewhere = null;
    }
  });

  async function otherTabsResult(since: number): Promise<AuthResponse | null> {
    if (latest && latest.at >= since) return latest.session;
    if (!elsewhere) return null;
    const timeout = new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), TIMINGS.otherTabRefreshWaitMs),
    );
    const pending = elsewhere;
    const session = await Promise.race([pending.done, timeout]);
    if (elsewhere === pending) elsewhere = null; // a tab closed mid-refresh never reports
    return session;
  }

  return function shareRefresh(refresh: () => Promise<AuthResponse>): Promise<AuthResponse> {
    if (!locks) return refresh();
    const since = now();
    return locks.request(REFRESH_CHANNEL, async () => {
      const shared = await otherTabsResult(since);
      if (shared) return shared;
      const post = (message: TabMessage) => channel?.postMessage(message);
      post({ type: 'refreshing' });
      try {
        const session = await refresh();
        post({ type: 'refreshed', session });
        return session;
      } catch (err) {
        post({ type: 'refresh-failed' });
        throw err;
      }
    });
  };
}

/** The browser's own lock manager and channel, where it has them. */
export function browserTabs(): { locks?: TabLocks; channel?: TabChannel } {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(REFRESH_CHANNEL) : undefined;
  return { ...(locks ? { locks } : {}), ...(channel ? { channel } : {}) };
}
