import { AppError } from '../../platform/errors.js';
import type { RouteOptions } from '../../platform/typed-route.js';
import type { AuthRepo } from './repo.js';

export interface Operator {
  /** Throws AppError('forbidden') unless the user is the operator (ADMIN_EMAIL's account). */
  require(userId: string): Promise<void>;
  /**
   * addRoute's options of an operator route: anyone else is refused (403) before the route reads
   * its input, so a bad id or body tells a non-operator nothing.
   */
  readonly only: RouteOptions;
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
  async function require(userId: string): Promise<void> {
    const user = wanted ? await repo.findUserById(userId) : undefined;
    if (!user || user.deletedAt || user.email.toLowerCase() !== wanted) {
      throw new AppError('forbidden', 'Only the operator may do this');
    }
  }
  return { require, only: { authorize: (user) => require(user.id) } };
}
