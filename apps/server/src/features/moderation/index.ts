import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { createMemoryLimiter, type LimiterStore } from './limiter.js';
import { addedMessageGate, concurrentGate, messageLimits } from './limits.js';
import { openaiModerationGate } from './openai-moderation.js';
import { proxiedFetch } from '../../platform/net/upstream-proxy.js';
import { createModerationRepo } from './repo.js';
import { moderationRoutes } from './routes.js';
import { createRedisLimiter } from './redis-limiter.js';
import { registerUploadLimits } from './upload-limits.js';
import { createModerationService, MODERATION_OFF, type ModerationService } from './service.js';

export type { LimiterStore } from './limiter.js';
/** The limit counters (in this process, or shared in Redis): auth's failed-login limits use them too. */
export { createMemoryLimiter } from './limiter.js';
export { createRedisLimiter } from './redis-limiter.js';
export { MODERATION_OFF } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Bans and violation scores (features/moderation). */
    moderation: ModerationService;
    /**
     * The counters behind the message and upload limits (in this process, or in Redis with
     * several instances), for a feature's own limits.
     */
    limiter: LimiterStore;
  }
}

declare module '../../platform/events.js' {
  interface AppEventMap {
    /** A user was banned (here or, with Redis, on another instance): their running replies stop. */
    'moderation.userBanned': { userId: string };
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

/** The send routes whose body names the model (an assistant's is the assistant's own). */
const MODEL_NAMED_ROUTES = new Set<string>(
  [API_ROUTES.ask, API_ROUTES.edit].map((r) => `${r.method} ${r.path}`),
);
const isModelNamed = (method: string, url: string | undefined) =>
  !!url && MODEL_NAMED_ROUTES.has(`${method} ${url}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const repo = createModerationRepo(db);
    // A ban (the operator's, or reached by violations) also stops the user's running replies,
    // here at once and on every other instance as it hears of the ban.
    const stopReplies = (userId: string, until: number) => {
      if (until > clock()) events.emit('moderation.userBanned', { userId });
    };
    const moderation = createModerationService(repo, settings, clock, app.log, async (userId, until) => {
      stopReplies(userId, until);
      await redis?.publish(BAN_CHANNEL, { userId, until });
    });
    redis?.subscribe(BAN_CHANNEL, (message, fromSelf) => {
      const { userId, until } = message as { userId: string; until: number };
      if (fromSelf) return;
      moderation.banned(userId, until);
      stopReplies(userId, until);
    });
    // Shared by every instance with Redis, so two instances cannot double a limit.
    const shared = redis ? createRedisLimiter(redis) : undefined;
    if (shared) app.addHook('onClose', async () => shared.close());
    const store: LimiterStore = shared ?? createMemoryLimiter(clock);
    const operator = use('operator');
    const audit = use('audit');
    provide('moderation', moderation);
    provide('limiter', store);

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
    // LibreChat's ILLEGAL_MODEL_REQ: a send naming a model its endpoint does not offer. Only where
    // the request itself chose the model: an assistant's stored model, or the model stored on the
    // conversation the send continues, that the configuration no longer offers is the product's
    // state, not something the user did.
    app.addHook('onError', async (request, _reply, err) => {
      if (!request.auth || !isModelNamed(request.method, request.routeOptions.url)) return;
      if (!(err instanceof AppError) || err.code !== 'unknown_model') return;
      const body = (request.body ?? {}) as { model?: unknown; conversationId?: unknown };
      if (typeof body.conversationId === 'string' && UUID.test(body.conversationId)) {
        const stored = await repo.conversationModel(request.auth.id, body.conversationId).catch(() => null);
        if (stored !== null && stored === body.model) return;
      }
      await moderation.record(request.auth.id, 'illegal_model_request');
    });
    if (settings.messageUser.enabled) extend('askGates', addedMessageGate(settings, store, moderation));
    if (settings.concurrent.enabled) extend('askGates', concurrentGate(settings, store));
    if (settings.openaiModeration) {
      const viaProxy = config.proxy ? proxiedFetch(config.proxy) : undefined;
      extend('askGates', openaiModerationGate(settings.openaiModeration, app.log, viaProxy));
    }
    registerUploadLimits(app, config.uploadRateLimits ?? {}, store);
    // No login violation: failed logins are limited by their source address (features/auth), and
    // the account they named did nothing (a stranger could otherwise ban anyone, the operator too).

    moderationRoutes(app, { moderation, settings, operator, audit });
  },
};
