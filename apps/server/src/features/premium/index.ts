import type { FeatureModule } from '../../platform/module.js';
import { premiumGate } from './gate.js';
import { createPremiumRepo } from './repo.js';
import { premiumRoutes } from './routes.js';

/**
 * Premium models: basic users get PREMIUM_DAILY_USES sends a UTC day on
 * PREMIUM_MODELS; a valid subscription lifts the limit. Its gate runs after the subscription's
 * (declared in gate.ts), so that a send that gate refuses opens the plan chooser rather than the
 * quota text.
 */
export const premiumModule: FeatureModule = {
  name: 'premium',
  register({ app, db, config, extend, clock }) {
    const repo = createPremiumRepo(db);
    premiumRoutes(app, { repo, config, clock });
    if (!config.premium) return;
    extend('askGates', premiumGate(repo, config.premium, app.log, clock));
  },
};
