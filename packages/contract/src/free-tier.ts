/**
 * The free tier: a visitor's account (provider freeTier) with a
 * number of free messages (metadata.freeMessages), each send spends one. Zod-free: the chat's send
 * check reads it on the first paint. The route row is in free-tier-schemas.ts.
 */

/** The provider of a free-tier account. */
export const FREE_TIER_PROVIDER = 'freeTier';
/** FREE_TIER_MESSAGES' default when the free tier is on (subscriptions on, the variable unset). */
export const FREE_TIER_DEFAULT_MESSAGES = 10;
/** POST /api/user/checkFreeTier per client address and window (it mints accounts). */
export const FREE_TIER_CHECK_RATE_LIMIT = { max: 10, windowMs: 60_000 } as const;

export const FREE_TIER_TEXTS = {
  /** The server's refusal of a send at 0 free messages (402 free_tier_exhausted). */
  exhausted: 'Your free messages are used up. Register to keep chatting.',
  disabled: 'The free tier is not enabled on this server.',
} as const;

/** Whether a user (the cached or refreshed one) is a free-tier visitor. */
export const isFreeTierUser = (user: { provider: string } | null | undefined): boolean =>
  user?.provider === FREE_TIER_PROVIDER;

/** The send-time check of a free-tier user: at least one free message left. */
export const canSendOnFreeTier = (user: { metadata: { freeMessages?: number | undefined } }): boolean =>
  (user.metadata.freeMessages ?? 0) >= 1;
