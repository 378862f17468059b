import { TOKEN_TTL } from '@chat/contract';
import type { SessionCheck } from '../../platform/auth-guard.js';

/**
 * Which sessions (refresh-token families) are live, asked by the auth guard on every request
 * with a token, so logout, reuse detection and a deleted account end access tokens at once
 * instead of when they expire.
 *
 * The answer comes from the database (`lookup`: the family has an unrevoked, unexpired token and
 * its user exists and is not deleted), kept in this process: a live answer for
 * `TOKEN_TTL.liveSessionCacheSeconds`, an ended one until evicted (an ended session never comes
 * back). What ends a session in this process says so here (`ended`, `userGone`) and takes effect
 * on the next request. With several instances, `shared-sessions.ts` announces `ended` / `userGone`
 * on Redis and the other instances apply them when the message arrives.
 */
export interface LiveSessions extends SessionCheck {
  /**
   * The family was revoked in the database (logout, reuse detected). With several instances the
   * promise settles once the others were told (it never rejects), so a request that ended a
   * session answers after every instance refuses it.
   */
  ended(sessionId: string): void | Promise<void>;
  /** The user was deleted or marked deleted: every session of theirs has ended. */
  userGone(userId: string): void | Promise<void>;
  isAccountDeleted(userId: string): Promise<boolean>;
}

type Lookup = (sessionId: string, userId: string) => Promise<boolean>;

interface Entry {
  userId: string;
  live: boolean;
  /** Until when a live answer may be reused (ms since the epoch); ended answers do not expire. */
  until: number;
}

export interface LiveSessionsOptions {
  /** Whether the user's account is gone (deleted, or marked deleted); asked of ended sessions only. */
  accountDeleted?: (userId: string) => Promise<boolean>;
  ttlMs?: number;
  /** Entries kept at most; the least recently stored go first. */
  maxEntries?: number;
  now?: () => number;
}

export function createLiveSessions(lookup: Lookup, opts: LiveSessionsOptions = {}): LiveSessions {
  const ttlMs = opts.ttlMs ?? TOKEN_TTL.liveSessionCacheSeconds * 1000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // One lookup per session at a time: a burst of requests with one token costs one query.
  const pending = new Map<string, Promise<boolean>>();
  // Bumped by every end: a lookup that ran across one may have read the session before it ended,
  // so its answer is used by the requests that were waiting for it but not kept.
  let ends = 0;
  // Users deleted in this process (a bounded list, newest last): answered without a query.
  const gone = new Set<string>();
  // Users found not deleted, until when (ms since the epoch): a burst of requests with an ended
  // (logged-out) token costs one query, as isLive's do.
  const present = new Map<string, number>();

  function store(sessionId: string, entry: Entry): void {
    entries.delete(sessionId);
    entries.set(sessionId, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async isLive({ sid, id }) {
      const cached = entries.get(sid);
      if (cached && (!cached.live || cached.until > now())) return cached.live && cached.userId === id;
      const key = `${sid} ${id}`;
      let query = pending.get(key);
      if (!query) {
        const endsBefore = ends;
        query = lookup(sid, id).then((live) => {
          if (ends === endsBefore) store(sid, { userId: id, live, until: now() + ttlMs });
          return live;
        });
        pending.set(key, query);
        void query.finally(() => pending.delete(key)).catch(() => {});
      }
      return query;
    },
    ended(sessionId) {
      ends++;
      store(sessionId, { userId: entries.get(sessionId)?.userId ?? '', live: false, until: 0 });
    },
    async isAccountDeleted(userId) {
      if (gone.has(userId)) return true;
      if ((present.get(userId) ?? 0) > now()) return false;
      const deleted = (await opts.accountDeleted?.(userId)) ?? false;
      if (deleted) return true;
      present.delete(userId);
      present.set(userId, now() + ttlMs);
      if (present.size > maxEntries) present.delete(present.keys().next().value!);
      return false;
    },
    userGone(userId) {
      ends++;
      present.delete(userId);
      gone.add(userId);
      if (gone.size > maxEntries) gone.delete(gone.values().next().value!);
      for (const entry of entries.values()) if (entry.userId === userId) entry.live = false;
    },
  };
}
