import { FORK_RATE_LIMIT_DEFAULTS, FORK_TEXTS } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { forkRoutes } from './routes.js';
import { createForkService } from './service.js';

const MINUTE_MS = 60_000;

/**
 * Fork a conversation from one of its messages, or duplicate it whole (LibreChat's
 * /api/convos/fork and /api/convos/duplicate): a new conversation of the same owner, written
 * through the conversations' and messages' repositories. Limited per user and per address
 * (FORK_USER_MAX, FORK_IP_MAX) on the moderation's counters, shared by instances with Redis.
 */
export const forkModule: FeatureModule = {
  name: 'fork',
  register({ app, config, clock, use }) {
    const fork = createForkService({
      convos: use('convos'),
      messages: use('messages'),
      now: () => new Date(clock()),
    });
    const limits = config.fork ?? {
      userMax: FORK_RATE_LIMIT_DEFAULTS.userMax,
      userWindowMs: FORK_RATE_LIMIT_DEFAULTS.userWindowMinutes * MINUTE_MS,
      ipMax: FORK_RATE_LIMIT_DEFAULTS.ipMax,
      ipWindowMs: FORK_RATE_LIMIT_DEFAULTS.ipWindowMinutes * MINUTE_MS,
    };
    const store = use('limiter');
    const limit = async (ip: string, userId: string) => {
      if ((await store.hit(`fork_ip:${ip}`, limits.ipWindowMs)) > limits.ipMax)
        throw new AppError('too_many_requests', FORK_TEXTS.tooMany);
      if ((await store.hit(`fork_user:${userId}`, limits.userWindowMs)) > limits.userMax)
        throw new AppError('too_many_requests', FORK_TEXTS.tooMany);
    };
    forkRoutes(app, { fork, limit });
  },
};
