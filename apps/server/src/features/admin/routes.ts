import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { sendSession } from '../auth/index.js';
import type { AdminRepo } from './repo.js';

export function adminRoutes(
  app: FastifyInstance,
  deps: {
    repo: AdminRepo;
    config: AppConfig;
    operator: Services['operator'];
    audit: Services['audit'];
    impersonation: Services['impersonation'];
  },
): void {
  const { repo, config, operator, audit, impersonation } = deps;
  addRoute(
    app,
    API_ROUTES.getUserActivity,
    async ({ query }) => repo.activity(query.limit, query.skip),
    operator.only,
  );

  addRoute(
    app,
    API_ROUTES.impersonate,
    async ({ user, body, reply }) => {
      const target = await impersonation.findUserByEmail(body.email);
      if (!target || target.deletedAt) throw new AppError('not_found', 'No user with this email');
      const session = await impersonation.impersonate(user.id, user.sid, target);
      await audit.record(user.id, 'impersonate', target.email);
      return sendSession(reply, session, config);
    },
    operator.only,
  );

  const notImpersonating = () => new AppError('forbidden', 'This session is not an impersonation');
  addRoute(
    app,
    API_ROUTES.endImpersonation,
    async ({ user, reply }) => {
      if (!user.imp) throw notImpersonating();
      const viewed = (await impersonation.findUserById(user.id))?.email ?? user.id;
      const session = await impersonation.endImpersonation(user.sid, user.imp);
      // The operator's action, naming whom they had been viewing as.
      await audit.record(user.imp, 'end_impersonation', viewed);
      return sendSession(reply, session, config);
    },
    {
      // Any other session is refused before the request is read.
      authorize: async (user) => {
        if (!user.imp) throw notImpersonating();
      },
    },
  );
}
