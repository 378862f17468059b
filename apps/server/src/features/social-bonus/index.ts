import { API_ROUTES, FREE_TIER_PROVIDER, SOCIAL_BONUS_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { createSocialBonusRepo } from './repo.js';

/**
 * The social-media bonus (core-chat §7 claimSocialMediaBonus, issue 13 item 5): sharing the app on
 * one of SOCIAL_BONUS_PLATFORMS earns SOCIAL_BONUS_TOKENS once per platform and user, credited to
 * the token balance with a `bonus` transaction in the claim's own database transaction. A second
 * claim is a 409. Free-tier accounts cannot claim (403): one is minted again for the same device
 * whenever its storage is cleared, so "once per user" would not hold for them.
 */
export const socialBonusModule: FeatureModule = {
  name: 'social-bonus',
  register({ app, db, config, use }) {
    const repo = createSocialBonusRepo(db);
    const balance = use('balance');
    const bonus = config.socialBonus;

    addRoute(app, API_ROUTES.socialMediaBonus, async ({ user }) => {
      if (!bonus || (await repo.provider(user.id)) === FREE_TIER_PROVIDER)
        return { tokens: 0, platforms: [] };
      const claimed = await repo.claimed(user.id);
      return {
        tokens: bonus.tokens,
        platforms: bonus.platforms.map((platform) => ({ platform, claimed: claimed.has(platform) })),
      };
    });

    addRoute(
      app,
      API_ROUTES.claimSocialMediaBonus,
      async ({ user, body }) => {
        if (!bonus) throw new AppError('not_found', SOCIAL_BONUS_TEXTS.disabled);
        const { platform } = body;
        if (!bonus.platforms.includes(platform))
          throw new AppError('not_found', SOCIAL_BONUS_TEXTS.notOffered);
        const after = await repo.claim(user.id, platform, bonus.tokens, (tx) =>
          balance.creditIn(tx, user.id, bonus.tokens, { reason: `social bonus: ${platform}` }),
        );
        if (after === undefined) throw new AppError('conflict', SOCIAL_BONUS_TEXTS.alreadyClaimed);
        return { platform, tokens: bonus.tokens, balance: after };
      },
      {
        // A free-tier account is refused before its body is read, whatever it asks for.
        authorize: async (user) => {
          if ((await repo.provider(user.id)) === FREE_TIER_PROVIDER) {
            throw new AppError('forbidden', SOCIAL_BONUS_TEXTS.freeTier);
          }
        },
      },
    );
  },
};
