import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { addRoute } from '../../platform/typed-route.js';
import { premiumStatus } from './gate.js';
import type { PremiumRepo } from './repo.js';

export function premiumRoutes(
  app: FastifyInstance,
  deps: { repo: PremiumRepo; config: AppConfig; clock: () => number },
): void {
  const { repo, config, clock } = deps;
  // Answered with the limit off too (nothing is premium then): the client asks either way.
  addRoute(app, API_ROUTES.premiumStatus, async ({ user }) =>
    premiumStatus(repo, config.premium, user.id, clock()),
  );
}
