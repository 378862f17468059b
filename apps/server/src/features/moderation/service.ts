import type { FastifyBaseLogger } from 'fastify';
import {
  BANNED_TEXT,
  TOKEN_TTL,
  type BannedUser,
  type ViolationRow,
  type ViolationType,
} from '@chat/contract';
import type { ModerationConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { presentBannedUser } from './presenter.js';
import type { ModerationRepo } from './repo.js';

/** Without MODERATION settings (tests): bans by the operator only, no limits, no automatic bans. */
export const MODERATION_OFF: ModerationConfig = {
  banViolations: false,
  banDurationMs: 2 * 60 * 60_000,
  banInterval: 20,
  scores: { login: 1, concurrent: 1, message_limit: 1, illegal_model_request: 5 },
  concurrent: { enabled: false, max: 2 },
  messageIp: { enabled: false, max: 40, windowMs: 60_000 },
  messageUser: { enabled: false, max: 40, windowMs: 60_000 },
};

/** The rows of the violations table answered at most. */
const TOP_VIOLATIONS = 100;

interface CachedBan {
  /** When the ban ends (ms), 0 when not banned. */
  until: number;
  /** Until when this answer may be reused (ms). */
  fresh: number;
}

/**
 * Bans and violations. A ban is the user's `banned_until` (login and refresh refuse it in
 * features/auth); every guarded request asks `assertNotBanned`, answered from this process's
 * cache for TOKEN_TTL.liveSessionCacheSeconds (a ban made here from then on at once). With several
 * instances (Redis), a ban is announced to the others before its request answers, and each puts it
 * in its cache at once (`banned`).
 */
export function createModerationService(
  repo: ModerationRepo,
  config: ModerationConfig,
  clock: () => number,
  log: FastifyBaseLogger,
  /** Tells the other instances (Redis pub/sub), which call `banned` with it; awaited before answering. */
  announceBan: (userId: string, until: number) => Promise<void> = async () => {},
) {
  const cache = new Map<string, CachedBan>();
  const freshMs = TOKEN_TTL.liveSessionCacheSeconds * 1000;

  async function banUntil(userId: string, until: number, reason: string | null = null): Promise<void> {
    await repo.setBannedUntil(userId, new Date(until), reason);
    cache.set(userId, { until, fresh: clock() + freshMs });
    await announceBan(userId, until).catch((err: unknown) =>
      log.error({ err, userId }, 'telling the other instances of a ban failed'),
    );
  }

  return {
    /** Throws the 403 banned answer while the user's ban lasts. */
    async assertNotBanned(userId: string): Promise<void> {
      const now = clock();
      let entry = cache.get(userId);
      // A ban is read again too once its answer is stale: one ended elsewhere (the admin command
      // line's unban, another instance) ends here within that time.
      if (!entry || entry.fresh <= now) {
        const until = (await repo.bannedUntil(userId))?.getTime() ?? 0;
        entry = { until, fresh: now + freshMs };
        if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
        cache.set(userId, entry);
      }
      if (entry.until > now) throw new AppError('banned', BANNED_TEXT);
    },

    /** A ban made by another instance: refused here from now on, without a query. */
    banned(userId: string, until: number): void {
      cache.set(userId, { until, fresh: 0 });
    },

    /** Bans the user for `durationMs` (BAN_DURATION by default) from now, with the operator's reason. */
    async ban(
      userId: string,
      durationMs = config.banDurationMs,
      reason: string | null = null,
    ): Promise<Date> {
      const until = clock() + durationMs;
      await banUntil(userId, until, reason || null);
      return new Date(until);
    },

    /** Ends the user's ban now: here at once, and on the other instances (told `until` 0, they ask again). */
    async unban(userId: string): Promise<void> {
      await repo.setBannedUntil(userId, null);
      cache.set(userId, { until: 0, fresh: clock() + freshMs });
      await announceBan(userId, 0).catch((err: unknown) =>
        log.error({ err, userId }, 'telling the other instances of an unban failed'),
      );
    },

    /**
     * LibreChat's logViolation + banViolation: adds the type's score to the user's total; when
     * the total crosses a multiple of BAN_INTERVAL (and BAN_VIOLATIONS is on) the user is banned
     * for BAN_DURATION. Never rejects: a failure is logged, the request's own answer stands.
     */
    async record(userId: string, type: ViolationType): Promise<void> {
      const score = config.scores[type];
      if (score <= 0) return;
      try {
        const { before, after } = await repo.addViolation(userId, type, score, new Date(clock()));
        const crossed = Math.floor(after / config.banInterval) > Math.floor(before / config.banInterval);
        if (config.banViolations && crossed) {
          await banUntil(userId, clock() + config.banDurationMs);
          log.warn({ userId, type, score: after }, 'user banned for violations');
        }
      } catch (err) {
        log.error({ err, userId, type }, 'recording a violation failed');
      }
    },

    findUser: (email: string) => repo.findUserByEmail(email),

    async bannedUsers(): Promise<BannedUser[]> {
      const rows = await repo.bannedUsers(new Date(clock()));
      return rows.map(presentBannedUser);
    },

    /** This month (UTC) of the clock. */
    async topViolationsThisMonth(): Promise<ViolationRow[]> {
      const now = new Date(clock());
      const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      return repo.topViolations(since, TOP_VIOLATIONS);
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
