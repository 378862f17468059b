import type { FastifyInstance } from 'fastify';
import { API_ROUTES, FREE_TIER_PROVIDER, SOCIAL_BONUS_TEXTS } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import type { SocialBonusRepo } from './repo.js';

export function socialBonusRoutes(
  app: FastifyInstance,
  deps: { repo: SocialBonusRepo; balance: Services['balance']; bonus: AppConfig['socialBonus'] },
): void {
  const { repo, balance, bonus } = deps;
  addRoute(app, API_ROUTES.socialMediaBonus, async ({ user }) => {
    if (!bonus || (await repo.provider(user.id)) === FREE_TIER_PROVIDER) return { tokens: 0, platforms: [] };
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
      if (!bonus.platforms.includes(platform)) throw new AppError('not_found', SOCIAL_BONUS_TEXTS.notOffered);
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
}
