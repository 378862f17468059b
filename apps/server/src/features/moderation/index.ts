import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { addRoute } from '../../platform/typed-route.js';
import { createMemoryLimiter, type LimiterStore } from './limiter.js';
import { concurrentGate, messageLimits } from './limits.js';
import { createModerationRepo } from './repo.js';
import { createRedisLimiter } from './redis-limiter.js';
import { createModerationService, MODERATION_OFF, type ModerationService } from './service.js';

export type { LimiterStore } from './limiter.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Bans and violation scores (features/moderation). */
    moderation: ModerationService;
  }
}

/** The pub/sub channel of bans made by an instance. */
const BAN_CHANNEL = 'moderation:ban';

/** The routes that send a message: the message limits count them, an unknown model there is a violation. */
const SEND_ROUTES = new Set<string>(
  [API_ROUTES.ask, API_ROUTES.edit, API_ROUTES.assistantChat, API_ROUTES.assistantChatModify].map(
    (r) => `${r.method} ${r.path}`,
  ),
);

/**
 * Bans, violations and message limits (LibreChat's BAN_*, *_VIOLATION_SCORE, LIMIT_*): a banned
 * user gets 403 banned on every guarded route until the ban ends; sends past the message limits
 * are refused and recorded as violations, which ban a user at BAN_INTERVAL; the operator bans by
 * email and lists bans and violations. Listed right after auth: its ban check runs right after
 * the auth guard, and its gate before any other (nothing is reserved for a refused send).
 */
export const moderationModule: FeatureModule = {
  name: 'moderation',
  register({ app, db, config, clock, events, redis, use, provide, extend }) {
    const settings = config.moderation ?? MODERATION_OFF;
    const moderation = createModerationService(
      createModerationRepo(db),
      settings,
      clock,
      app.log,
      redis && ((userId, until) => redis.publish(BAN_CHANNEL, { userId, until })),
    );
    redis?.subscribe(BAN_CHANNEL, (message, fromSelf) => {
      const { userId, until } = message as { userId: string; until: number };
      if (!fromSelf) moderation.banned(userId, until);
    });
    // Shared by every instance with Redis, so two instances cannot double a limit.
    const store: LimiterStore = redis ? createRedisLimiter(redis.redis) : createMemoryLimiter(clock);
    const operator = use('operator');
    const audit = use('audit');
    provide('moderation', moderation);

    // After the auth guard's onRequest (registered before this one): the user is known.
    app.addHook('onRequest', async (request) => {
      if (!request.auth || request.routeOptions.config?.public === true) return;
      await moderation.assertNotBanned(request.auth.id);
    });

    const limits = messageLimits(settings, store, moderation);
    const isSend = (method: string, url: string | undefined) => !!url && SEND_ROUTES.has(`${method} ${url}`);
    app.addHook('preHandler', async (request) => {
      if (request.auth && isSend(request.method, request.routeOptions.url))
        await limits(request, request.auth.id);
    });
    // LibreChat's ILLEGAL_MODEL_REQ: a send naming a model its endpoint does not offer.
    app.addHook('onError', async (request, _reply, err) => {
      if (!request.auth || !isSend(request.method, request.routeOptions.url)) return;
      if (err instanceof AppError && err.code === 'unknown_model') {
        await moderation.record(request.auth.id, 'illegal_model_request');
      }
    });
    if (settings.concurrent.enabled) extend('askGates', concurrentGate(settings, store, moderation));
    // LibreChat's loginLimiter violation, on the account the attempts named.
    events.on('auth.loginLimited', ({ email }) => {
      moderation
        .findUser(email)
        .then((target) => target && moderation.record(target.id, 'login'))
        .catch((err: unknown) => app.log.error({ err }, 'recording a login violation failed'));
    });

    addRoute(
      app,
      API_ROUTES.banUser,
      async ({ user, body }) => {
        const target = await moderation.findUser(body.email);
        if (!target) throw new AppError('not_found', 'No user with this email');
        // The operator's own ban would lock the only operator out until it ended. (No "ban" in the
        // text: the web ends the session of whoever reads an error containing it.)
        if (target.id === user.id)
          throw new AppError('validation_error', "The operator's own account cannot be suspended");
        const duration = body.duration ?? settings.banDurationMs;
        const reason = body.reason || null;
        const until = await moderation.ban(target.id, duration, reason);
        await audit.record(user.id, 'ban', target.email, { duration, reason, until: until.toISOString() });
        return { email: target.email, username: target.username, expiresAt: until.toISOString(), reason };
      },
      operator.only,
    );
    addRoute(
      app,
      API_ROUTES.unbanUser,
      async ({ user, body }) => {
        const target = await moderation.findUser(body.email);
        if (!target) throw new AppError('not_found', 'No user with this email');
        await moderation.unban(target.id);
        await audit.record(user.id, 'unban', target.email);
        return { email: target.email };
      },
      operator.only,
    );
    addRoute(app, API_ROUTES.getBannedUsers, async () => moderation.bannedUsers(), operator.only);
    addRoute(
      app,
      API_ROUTES.getTopViolationsThisMonth,
      async () => moderation.topViolationsThisMonth(),
      operator.only,
    );
  },
};
