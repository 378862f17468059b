import type { FeatureModule } from '../../platform/module.js';
import { createSocialBonusRepo } from './repo.js';
import { socialBonusRoutes } from './routes.js';

/**
 * The social-media bonus: sharing the app on
 * one of SOCIAL_BONUS_PLATFORMS earns SOCIAL_BONUS_TOKENS once per platform and user, credited to
 * the token balance with a `bonus` transaction in the claim's own database transaction. A second
 * claim is a 409. Free-tier accounts cannot claim (403): one is minted again for the same device
 * whenever its storage is cleared, so "once per user" would not hold for them.
 */
export const socialBonusModule: FeatureModule = {
  name: 'social-bonus',
  register({ app, db, config, use }) {
    socialBonusRoutes(app, {
      repo: createSocialBonusRepo(db),
      balance: use('balance'),
      bonus: config.socialBonus,
    });
  },
};
