import type { AdjustTokensRequest, AdjustTokensResponse, TokenBalanceError } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { BalanceRepo } from './repo.js';

/** The operator's adjustments of a user's balance (POST /api/user/issueTokens, /spendTokens). */
export function createBalanceService(repo: BalanceRepo) {
  async function target(email: string): Promise<string> {
    const userId = await repo.findUserIdByEmail(email);
    if (!userId) throw new AppError('not_found', 'No user has that e-mail address');
    return userId;
  }

  return {
    get: (userId: string) => repo.get(userId),

    async issue(input: AdjustTokensRequest): Promise<AdjustTokensResponse> {
      const userId = await target(input.email);
      const balance = await repo.give(userId, input.amount, 'issue', { reason: input.reason });
      return { email: input.email, balance };
    },

    /** Takes tokens; refused (token_balance) when the balance cannot cover them. */
    async spend(input: AdjustTokensRequest): Promise<AdjustTokensResponse> {
      const userId = await target(input.email);
      const balance = await repo.take(userId, input.amount, 'spend', { reason: input.reason });
      if (balance === undefined) {
        const refusal: TokenBalanceError = {
          type: 'token_balance',
          balance: await repo.get(userId),
          tokenCost: input.amount,
          promptTokens: 0,
        };
        throw new AppError('token_balance', JSON.stringify(refusal));
      }
      return { email: input.email, balance };
    },
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
