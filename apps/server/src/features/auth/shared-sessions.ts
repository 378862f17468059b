import type { RedisLink } from '../../platform/redis/link.js';
import type { LiveSessions } from './live-sessions.js';

const CHANNEL = 'auth:sessions';

type SessionMessage = { ended: string } | { userGone: string };

/**
 * LiveSessions across instances: a session ended here (logout, reuse detected, sign out
 * everywhere, a deleted account) is announced on Redis, and every other instance forgets its
 * cached "live" answer when the message arrives, so the token is refused there at once rather
 * than when the cache entry would have expired.
 */
export function shareLiveSessions(local: LiveSessions, link: RedisLink, onError: (err: unknown) => void) {
  const announce = (message: SessionMessage): Promise<void> => link.publish(CHANNEL, message).catch(onError);
  link.subscribe(CHANNEL, (message, fromSelf) => {
    if (fromSelf) return;
    const m = message as SessionMessage;
    if ('ended' in m) local.ended(m.ended);
    else local.userGone(m.userGone);
  });
  const shared: LiveSessions = {
    isLive: (claims) => local.isLive(claims),
    isAccountDeleted: (userId) => local.isAccountDeleted(userId),
    ended(sessionId) {
      local.ended(sessionId);
      return announce({ ended: sessionId });
    },
    userGone(userId) {
      local.userGone(userId);
      return announce({ userGone: userId });
    },
  };
  return shared;
}
