import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { premiumGate, premiumStatus } from './gate.js';
import { createPremiumRepo } from './repo.js';

/**
 * Premium models (issue 13 item 5): basic users get PREMIUM_DAILY_USES sends a UTC day on
 * PREMIUM_MODELS; a valid subscription lifts the limit. Registered after billing, so that a send
 * the subscription gate refuses opens the plan chooser rather than the quota text.
 */
export const premiumModule: FeatureModule = {
  name: 'premium',
  register({ app, db, config, extend, clock }) {
    const repo = createPremiumRepo(db);
    // Answered with the limit off too (nothing is premium then): the client asks either way.
    addRoute(app, API_ROUTES.premiumStatus, async ({ user }) =>
      premiumStatus(repo, config.premium, user.id, clock()),
    );
    if (!config.premium) return;
    extend('askGates', premiumGate(repo, config.premium, app.log, clock));
  },
};
