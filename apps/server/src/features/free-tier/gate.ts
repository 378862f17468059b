import { FREE_TIER_PROVIDER, FREE_TIER_TEXTS } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { AskGate } from '../ask/index.js';
import type { FreeTierRepo } from './repo.js';

/**
 * The free-tier gate: a free-tier user's send spends one free message, atomically
 * (a conditional UPDATE: parallel sends cannot overspend); none left is a 402
 * free_tier_exhausted, which the client maps to Trial Ended. The message comes back when nothing
 * went upstream (a later gate refused, a 404 conversation) or the reply failed before any text.
 * Everyone else passes (the subscription gate is theirs).
 */
export function freeTierGate(repo: FreeTierRepo, log: FastifyBaseLogger): AskGate {
  return {
    name: 'freeTier',
    // Spends a message: after the gates that only refuse, so a refused send takes nothing.
    after: ['concurrent messages', 'openai moderation', 'subscription'],
    async check(ctx) {
      const userId = ctx.input.userId;
      if ((await repo.provider(userId)) !== FREE_TIER_PROVIDER) return;
      if ((await repo.spend(userId)) === null) {
        throw new AppError('free_tier_exhausted', FREE_TIER_TEXTS.exhausted);
      }
      return {
        async settle(spent) {
          const failedEmpty = spent !== null && spent.outcome === 'error' && spent.completion === '';
          if (spent !== null && !failedEmpty) return;
          try {
            await repo.refund(userId);
          } catch (err) {
            log.error({ err, userId }, 'free tier: refund failed');
          }
        },
      };
    },
  };
}
