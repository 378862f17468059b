import type { FastifyInstance } from 'fastify';
import { API_ROUTES, tokenizerTextOf } from '@chat/contract';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { countText } from '../../providers/token-count.js';
import type { BalanceService } from './service.js';

export function balanceRoutes(
  app: FastifyInstance,
  deps: { balance: BalanceService; operator: Services['operator'] },
): void {
  const { balance, operator } = deps;
  addRoute(app, API_ROUTES.balance, async ({ user }) => balance.get(user.id));
  addRoute(app, API_ROUTES.issueTokens, async ({ body }) => balance.issue(body), operator.only);
  addRoute(app, API_ROUTES.spendTokens, async ({ body }) => balance.spend(body), operator.only);
  addRoute(app, API_ROUTES.tokenizer, async ({ body }) => ({ count: countText(tokenizerTextOf(body)) }));
}
