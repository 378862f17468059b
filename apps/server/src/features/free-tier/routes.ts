import type { FastifyInstance } from 'fastify';
import { API_ROUTES, FREE_TIER_CHECK_RATE_LIMIT, FREE_TIER_TEXTS } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import type { AppEvents } from '../../platform/events.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { setSessionCookies } from '../auth/index.js';
import type { FreeTierRepo } from './repo.js';

export function freeTierRoutes(
  app: FastifyInstance,
  deps: { repo: FreeTierRepo; config: AppConfig; events: AppEvents; signInAs: Services['signInAs'] },
): void {
  const { repo, config, events, signInAs } = deps;
  const freeTier = config.freeTier;
  addRoute(
    app,
    API_ROUTES.checkFreeTier,
    async ({ query, request, reply }) => {
      if (!freeTier) throw new AppError('not_found', FREE_TIER_TEXTS.disabled);
      const found = await repo.findOrCreate(
        query.fingerprint,
        request.ip,
        query.ipAddress || null,
        freeTier.messages,
      );
      if (!found) throw new AppError('conflict', FREE_TIER_TEXTS.disabled);
      if (found.created) events.emit('users.registered', { userId: found.user.id });
      const session = await signInAs(found.user);
      // A device's free-tier account never turns a second factor on; should one have it, this
      // route (which takes no code) gives no session.
      if ('twoFAPending' in session) throw new AppError('forbidden', FREE_TIER_TEXTS.disabled);
      setSessionCookies(reply, session.refreshToken, config);
      return { token: session.token, user: session.user };
    },
    {
      rateLimit: {
        max: FREE_TIER_CHECK_RATE_LIMIT.max,
        timeWindow: FREE_TIER_CHECK_RATE_LIMIT.windowMs,
      },
    },
  );
}
