import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { presentAuditEntry } from './presenter.js';
import type { AuditRepo } from './repo.js';

export function auditRoutes(
  app: FastifyInstance,
  deps: { repo: AuditRepo; operator: Services['operator'] },
): void {
  const { repo, operator } = deps;
  addRoute(
    app,
    API_ROUTES.getAuditLog,
    async ({ query }) => {
      const { rows, total } = await repo.page(query.limit, query.skip);
      return { entries: rows.map(presentAuditEntry), total };
    },
    operator.only,
  );
}
