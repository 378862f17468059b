import { AppError } from '../../platform/errors.js';
import type { AccountRepo } from './repo.js';

export interface DeleteAccountDeps {
  repo: AccountRepo;
  /** A subscription that still bills is canceled first (billing; nothing without Stripe). */
  endSubscription: (userId: string) => Promise<void>;
  /** The bytes the user stored (files, avatar) go first: the rows' cascade would leave them behind. */
  dropStoredFiles: (userId: string) => Promise<unknown>;
  /** Every session of the user ends at once (their access tokens stop working). */
  userGone: (userId: string) => void | Promise<void>;
  /** Tells the other features: running replies stop. */
  onDeleted: (userId: string, conversationIds: string[]) => void;
}

/**
 * Deletes an account and everything it owns. The reason, when given, is kept as unlinked feedback.
 */
export async function deleteAccount(
  { repo, endSubscription, dropStoredFiles, userGone, onDeleted }: DeleteAccountDeps,
  { userId, reason }: { userId: string; reason: string | undefined },
): Promise<void> {
  const conversationIds = await repo.conversationIds(userId);
  await endSubscription(userId);
  await dropStoredFiles(userId);
  const deleted = await repo.deleteUser(userId, reason ? reason : null);
  if (!deleted) throw new AppError('unauthorized', 'User not found');
  await userGone(userId);
  onDeleted(userId, conversationIds);
}
