import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import type { ErrorLogRepo } from './repo.js';

export function errorLogRoutes(
  app: FastifyInstance,
  deps: { repo: ErrorLogRepo; operator: Services['operator'] },
): void {
  const { repo, operator } = deps;
  addRoute(
    app,
    API_ROUTES.getErrorById,
    async ({ params }) => {
      const found = await repo.byId(params.id);
      if (!found) throw new AppError('not_found', 'No logged error with this id');
      return found;
    },
    operator.only,
  );
  addRoute(
    app,
    API_ROUTES.getRecentErrors,
    async ({ query }) => repo.page(undefined, query.limit, query.skip),
    operator.only,
  );
  addRoute(
    app,
    API_ROUTES.getErrorsByCode,
    async ({ params, query }) => repo.page(params.code, query.limit, query.skip),
    operator.only,
  );
}
