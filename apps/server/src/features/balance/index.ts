import type { FeatureModule } from '../../platform/module.js';
import { balanceGate } from './gate.js';
import { createBalanceRepo } from './repo.js';
import { balanceRoutes } from './routes.js';
import { createBalanceService } from './service.js';
import type { Executor } from '../../db/executor.js';
import type { TransactionNote } from './repo.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Credits tokens inside the caller's transaction, with a `bonus` transaction row. */
    balance: {
      creditIn(tx: Executor, userId: string, amount: number, note: TransactionNote): Promise<number>;
    };
  }
}

/**
 * The token balance (CHECK_BALANCE, START_BALANCE): each reply spends from the user's balance at
 * its model's rates, a send it cannot cover is refused; the operator issues and spends tokens.
 * And the tokenizer (POST /api/tokenizer).
 */
export const balanceModule: FeatureModule = {
  name: 'balance',
  register({ app, db, config, events, use, extend, provide, clock }) {
    const repo = createBalanceRepo(db, config.startBalance);
    provide('balance', { creditIn: repo.creditIn });
    const balance = createBalanceService(repo);
    const operator = use('operator');

    if (config.checkBalance) {
      const subscriptions = config.billing?.subscriptionsEnabled ? { now: clock } : undefined;
      const autoRefill = config.autoRefill ? { settings: config.autoRefill, now: clock } : undefined;
      extend('askGates', balanceGate(repo, app.log, subscriptions, autoRefill));
      events.on('users.registered', ({ userId }) => {
        repo
          .ensure(userId)
          .catch((err: unknown) => app.log.error({ err, userId }, 'starting balance failed'));
      });
    }

    balanceRoutes(app, { balance, operator });
  },
};
