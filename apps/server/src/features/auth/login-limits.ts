import { AUTH_ERROR_TEXTS, LOGIN_ACCOUNT_BACKOFF } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { LimiterStore } from '../moderation/index.js';

export interface LoginLimitSettings {
  max: number;
  windowMs: number;
}

/**
 * Failed logins, counted where they come from: per source address (LOGIN_MAX per LOGIN_WINDOW,
 * LibreChat's loginLimiter is keyed by IP) and per address + account (a short back-off). The
 * account that was named is never counted against nor banned: a stranger's wrong passwords are
 * not its owner's doing, and its owner signing in from elsewhere is not refused.
 */
export function createLoginLimits(store: LimiterStore, limit: LoginLimitSettings) {
  const ipKey = (ip: string) => `login_ip:${ip}`;
  const pairKey = (ip: string, email: string) => `login_pair:${ip}:${email.trim().toLowerCase()}`;
  return {
    /** Refuses (429 login_rate_limited) an attempt from an address or pair past its failures. */
    async assertAllowed(ip: string, email: string): Promise<void> {
      const [fromIp, pair] = await Promise.all([store.count(ipKey(ip)), store.count(pairKey(ip, email))]);
      if (fromIp >= limit.max || pair >= LOGIN_ACCOUNT_BACKOFF.max) {
        throw new AppError('login_rate_limited', AUTH_ERROR_TEXTS.loginRateLimited);
      }
    },
    /** Counts a failed attempt (a wrong password or an unknown address). */
    async failed(ip: string, email: string): Promise<void> {
      await Promise.all([
        store.hit(ipKey(ip), limit.windowMs),
        store.hit(pairKey(ip, email), LOGIN_ACCOUNT_BACKOFF.windowMs),
      ]);
    },
  };
}
export type LoginLimits = ReturnType<typeof createLoginLimits>;
