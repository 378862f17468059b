import { AppError } from '../../platform/errors.js';
import type { AuthRepo } from './repo.js';

export interface Operator {
  /** Throws AppError('forbidden') unless the user is the operator (ADMIN_EMAIL's account). */
  require(userId: string): Promise<void>;
}

/**
 * The operator is the account whose email is ADMIN_EMAIL (compared case-insensitively), checked
 * on the server for every operator route; with no ADMIN_EMAIL there is no operator.
 */
export function createOperator(
  repo: Pick<AuthRepo, 'findUserById'>,
  adminEmail: string | undefined,
): Operator {
  const wanted = adminEmail?.trim().toLowerCase();
  return {
    async require(userId) {
      const user = wanted ? await repo.findUserById(userId) : undefined;
      if (!user || user.deletedAt || user.email.toLowerCase() !== wanted) {
        throw new AppError('forbidden', 'Only the operator may do this');
      }
    },
  };
}
