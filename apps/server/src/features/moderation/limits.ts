import type { FastifyRequest } from 'fastify';
import { concurrentLimitText, messageLimitText } from '@chat/contract';
import type { ModerationConfig, RateLimitConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { AskGate } from '../ask/index.js';
import type { LimiterStore } from './limiter.js';
import type { ModerationService } from './service.js';

/**
 * LibreChat's messageIpLimiter and messageUserLimiter: every send (ask, edit, an assistant's
 * run) counts, refused ones too; past MESSAGE_*_MAX in the window the send is refused with the
 * spec's message_limit text. Past the user's own limit a message_limit violation is recorded;
 * past the address's limit it is not: other people share an address (an office, a carrier's NAT,
 * a proxy), and their sends are not this user's doing.
 */
function limitChecker(store: LimiterStore, moderation: ModerationService) {
  return async function check(limit: RateLimitConfig, key: string, violator?: string): Promise<void> {
    if (!limit.enabled) return;
    if ((await store.hit(key, limit.windowMs)) <= limit.max) return;
    if (violator) await moderation.record(violator, 'message_limit');
    throw new AppError('message_limit', messageLimitText(limit.max, Math.round(limit.windowMs / 60_000)));
  };
}

export function messageLimits(config: ModerationConfig, store: LimiterStore, moderation: ModerationService) {
  const check = limitChecker(store, moderation);
  return async (request: FastifyRequest, userId: string): Promise<void> => {
    await check(config.messageIp, `message_ip:${request.ip}`);
    await check(config.messageUser, `message_user:${userId}`, userId);
  };
}

/**
 * LibreChat's concurrentLimiter as an ask gate: a reply takes one of CONCURRENT_MESSAGE_MAX slots
 * of its user and gives it back when it ends (finished, failed, stopped: the hold settles
 * whatever happened to the connection) or when the request is refused after the gates. A send
 * past the limit is refused with the spec's concurrent text. It is not a violation: the slots
 * are the product's own state (a reply still being saved, an instance that died holding one
 * until its lease ends), and a user waiting on them has done nothing wrong.
 */
export function concurrentGate(config: ModerationConfig, store: LimiterStore): AskGate {
  const { max } = config.concurrent;
  return {
    name: 'concurrent messages',
    async check(ctx) {
      const release = await store.acquire(`concurrent:${ctx.input.userId}`, max);
      if (!release) throw new AppError('concurrent', concurrentLimitText(max));
      return {
        async settle() {
          await release().catch(() => {});
        },
      };
    },
  };
}

/**
 * A second model's reply (compare: `addedConvo`) is a message of its own, as LibreChat counts it
 * (its client sent that reply as a request of its own through the same limiters): it takes a hit
 * of the user's window too. Past the limit only that reply is refused, with the same text; the
 * first, counted by the send's own hit, goes on. Only the user's window: the address's is the
 * request's, counted once by the hook.
 */
export function addedMessageGate(
  config: ModerationConfig,
  store: LimiterStore,
  moderation: ModerationService,
): AskGate {
  const check = limitChecker(store, moderation);
  return {
    name: 'added message limit',
    before: ['concurrent messages'],
    async check(ctx) {
      if (ctx.input.added)
        await check(config.messageUser, `message_user:${ctx.input.userId}`, ctx.input.userId);
    },
  };
}
