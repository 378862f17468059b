import type { FeatureModule } from '../../platform/module.js';
import { freeTierGate } from './gate.js';
import { createFreeTierRepo } from './repo.js';
import { freeTierRoutes } from './routes.js';

/**
 * The free tier: POST /api/user/checkFreeTier gives the device its free-tier
 * account (by fingerprint or by the address the server saw, TRUST_PROXY honoured; the client's
 * `ipAddress` is only kept), made with FREE_TIER_MESSAGES on first use and restored afterwards, and
 * signs it in like a login (access token and refresh cookie). The gate spends one message per
 * send, after the subscription gate (which lets free-tier users through) and before premium's.
 */
export const freeTierModule: FeatureModule = {
  name: 'free-tier',
  register({ app, db, config, use, extend, events }) {
    const repo = createFreeTierRepo(db);
    const signInAs = use('signInAs');
    if (config.freeTier) extend('askGates', freeTierGate(repo, app.log));
    freeTierRoutes(app, { repo, config, events, signInAs });
  },
};
