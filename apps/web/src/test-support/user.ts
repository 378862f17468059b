import type { User } from '@chat/contract';

/** A signed-in local user for web tests (the contract's User), with the fields a test changes. */
export function testUser(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Ann',
    email: 'ann@example.com',
    username: null,
    avatar: null,
    role: 'USER',
    provider: 'local',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    plugins: [],
    customerID: null,
    subscriptionStatus: null,
    subscriptionEnd: null,
    metadata: { isEligibleFor3DayTrial: true },
    ...over,
  };
}
