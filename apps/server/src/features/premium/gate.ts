import {
  canSendWithSubscription,
  isPremiumModel,
  premiumDay,
  PREMIUM_TEXTS,
  type PremiumStatus,
} from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PremiumConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { AskGate } from '../ask/index.js';
import type { PremiumRepo } from './repo.js';

/**
 * The premium gate: a send on a premium model by a basic user — no valid
 * subscription (free-tier users included) — takes one of the day's PREMIUM_DAILY_USES (UTC day);
 * none left is a 429 premium_quota_exceeded with the spec's quota text. Not counted: a valid
 * subscription, a standard model, an endpoint on the user's own key. The use comes back when
 * nothing went upstream (a later gate refused, a 404 conversation) or the reply failed before any
 * text, like the free tier's message.
 */
export function premiumGate(
  repo: PremiumRepo,
  config: PremiumConfig,
  log: FastifyBaseLogger,
  clock: () => number = Date.now,
): AskGate {
  return {
    name: 'premium',
    // A model's daily uses come after whether the user may send at all (the plan chooser or
    // Trial Ended tells a non-subscriber more than the quota text would).
    after: ['concurrent messages', 'openai moderation', 'subscription', 'freeTier'],
    async check(ctx) {
      if (!isPremiumModel(ctx.model, config.models)) return;
      if (ctx.endpoint.userProvide || ctx.endpoint.userProvideURL) return;
      const userId = ctx.input.userId;
      if (canSendWithSubscription(await repo.subscriptionOf(userId), clock())) return;
      const day = premiumDay(clock());
      if ((await repo.take(userId, day, config.dailyUses)) === null) {
        throw new AppError('premium_quota_exceeded', PREMIUM_TEXTS.quotaExceeded);
      }
      let settled = false;
      return {
        async settle(spent) {
          if (settled) return;
          settled = true;
          const failedEmpty = spent !== null && spent.outcome === 'error' && spent.completion === '';
          if (spent !== null && !failedEmpty) return;
          try {
            await repo.giveBack(userId, day);
          } catch (err) {
            log.error({ err, userId }, 'premium: giving a use back failed');
          }
        },
      };
    },
  };
}

/**
 * What the model picker shows before a send: the premium models, and the uses the caller has left
 * today when they are counted (a basic user); a valid subscription is not limited.
 */
export async function premiumStatus(
  repo: Pick<PremiumRepo, 'subscriptionOf' | 'used'>,
  config: PremiumConfig | undefined,
  userId: string,
  now: number,
): Promise<PremiumStatus> {
  if (!config) return { models: [], limited: false, dailyUses: 0, usesLeft: 0 };
  const subscribed = canSendWithSubscription(await repo.subscriptionOf(userId), now);
  const used = subscribed ? 0 : await repo.used(userId, premiumDay(now));
  return {
    models: [...config.models],
    limited: !subscribed,
    dailyUses: config.dailyUses,
    usesLeft: subscribed ? config.dailyUses : Math.max(0, config.dailyUses - used),
  };
}
