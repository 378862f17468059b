import type { User } from '@chat/contract';
import type { UserRow } from '../../db/schema.js';

/** The API shape of a user: never the password hash or any secret. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    role: row.role,
    provider: row.provider,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    plugins: row.plugins,
    twoFactorEnabled: row.twoFactorEnabled,
    customerID: row.customerId,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionEnd: row.subscriptionEnd?.toISOString() ?? null,
    metadata: {
      isEligibleFor3DayTrial: row.trialEligible,
      ...(row.freeMessages === null ? {} : { freeMessages: row.freeMessages }),
    },
  };
}
