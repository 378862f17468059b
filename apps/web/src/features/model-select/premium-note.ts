import type { PremiumStatus } from '@chat/contract';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * What a premium model's row says: the uses left today for a basic user, that a plan includes it
 * for a subscriber, and, before the count is known, that basic users get a few uses a day.
 */
export function premiumNote(status: PremiumStatus | undefined, t: Translate): string {
  if (!status) return t('com_endpoint_premium_hint');
  if (!status.limited) return t('com_endpoint_premium_included');
  return t('com_endpoint_premium_left', { left: status.usesLeft, total: status.dailyUses });
}
