import type { FeatureModule } from '../../platform/module.js';
import { createPasskeys } from './passkeys.js';
import { createTwoFactorRepo } from './repo.js';
import { twoFactorRoutes } from './routes.js';
import { createTwoFactorService } from './service.js';

export { createTwoFactorRepo } from './repo.js';
export { resetSecondFactor } from './service.js';

/**
 * A second factor at sign-in (LibreChat's two-factor authentication) and passkeys. Every sign-in
 * that would start a session asks it first through auth's `secondFactors`: an account with
 * two-factor authentication on gets the code step's short-lived token instead. Code attempts are
 * counted on the moderation's counters (shared by instances with Redis).
 */
export const twoFactorModule: FeatureModule = {
  name: 'two-factor',
  register({ app, db, config, clock, use, extend }) {
    const repo = createTwoFactorRepo(db);
    const finishSignIn = use('finishSignIn');
    const twoFactor = createTwoFactorService({ repo, config, clock, limiter: use('limiter'), finishSignIn });
    extend('secondFactors', twoFactor.pendingFor);
    const passkeys = createPasskeys({
      repo,
      config,
      clock,
      finishSignIn,
      attemptFrom: twoFactor.attemptFrom,
    });
    twoFactorRoutes(app, {
      twoFactor,
      passkeys,
      repo,
      config,
      operator: use('operator'),
      audit: use('audit'),
    });
  },
};
