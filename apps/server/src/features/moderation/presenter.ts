import type { BannedUser } from '@chat/contract';
import type { UserRow } from '../../db/schema.js';

/** A banned account as the operator's list shows it. */
export function presentBannedUser(
  r: Pick<UserRow, 'email' | 'username' | 'bannedUntil' | 'banReason'>,
): BannedUser {
  return {
    email: r.email,
    username: r.username,
    expiresAt: (r.bannedUntil ?? new Date(0)).toISOString(),
    reason: r.banReason,
  };
}
