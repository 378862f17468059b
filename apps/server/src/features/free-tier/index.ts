import { API_ROUTES, FREE_TIER_CHECK_RATE_LIMIT, FREE_TIER_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { setSessionCookies } from '../auth/index.js';
import { freeTierGate } from './gate.js';
import { createFreeTierRepo } from './repo.js';

/**
 * The free tier (issue 13 item 4): POST /api/user/checkFreeTier gives the device its free-tier
 * account (by fingerprint or by the address the server saw, TRUST_PROXY honoured; the client's
 * `ipAddress` is only kept), made with FREE_TIER_MESSAGES on first use and restored afterwards, and
 * signs it in like a login (access token and refresh cookie). The gate spends one message per
 * send. Registered before billing, whose subscription gate lets free-tier users through.
 */
export const freeTierModule: FeatureModule = {
  name: 'free-tier',
  register({ app, db, config, use, extend, events }) {
    const repo = createFreeTierRepo(db);
    const signInAs = use('signInAs');
    const freeTier = config.freeTier;
    if (freeTier) extend('askGates', freeTierGate(repo, app.log));

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
  },
};
